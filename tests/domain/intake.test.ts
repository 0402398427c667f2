import { describe, expect, it } from 'vitest';
import { INTAKE_AMOUNT_MAX_USD } from '../../src/domain/constants';
import { applyIntakeSave, changedFields, EDUCATION_LEVELS, EMPLOYMENT_STATUSES, firstIncompleteStep, INTAKE_KEYS, intakeSaveRequest, intakeSteps, isBankAccountsStepDone, isFormStepComplete, isSupportedGoalType, isUnchallengedInvestigation, LOAN_TYPES, PAY_FREQUENCIES, personalInfoIdFor, PROPERTY_STATUSES, PROPERTY_TYPES, selectableGoalTypes, shownStepFields, stepValues, validateIntakeStep, VEHICLE_TYPES, VETERAN_STATUSES, wasIntakeEditedBefore, type IntakeGoal, type IntakePersonalInfo } from '../../src/domain/intake';

const goal = (type: string, properties: IntakeGoal['properties'] = {}): IntakeGoal => ({ id: 'goal-1', type, properties });
const person = (fields: Omit<IntakePersonalInfo, 'id'> = {}): IntakePersonalInfo => ({ id: 'pi-1', ...fields });

const HOUSE = { purchaseCity: 'Henderson', purchaseState: 'NV', propertyType: 'condo', loanType: 'fha' } as const;
const BACKGROUND = {
  employmentPayFrequency: 'biweekly',
  employmentStatus: 'employed',
  educationLevel: 'bachelors',
  veteranStatus: 'no',
  isAmericanCitizen: true,
} as const;

describe('goal types', () => {
  it('offers the four goals, and hides the recreational vehicle goal when the deprecated-goals flag is on', () => {
    expect(selectableGoalTypes(false)).toEqual(['mortgage_loan', 'refinance', 'financial_wellness', 'recreational_vehicle']);
    expect(selectableGoalTypes(true)).toEqual(['mortgage_loan', 'refinance', 'financial_wellness']);
  });

  it('knows only the four goal types', () => {
    expect(isSupportedGoalType('refinance')).toBe(true);
    expect(isSupportedGoalType('boat_loan')).toBe(false);
    expect(isSupportedGoalType(undefined)).toBe(false);
  });
});

describe('option lists (spec 000 §3.5, spec 002 §3)', () => {
  it('lists every choice the spec names, in its order', () => {
    expect(PROPERTY_TYPES).toEqual([
      'single_family', 'multi_family', 'condo', 'townhouse', 'co_op', 'manufactured_home', 'investment_property', 'unknown',
    ]);
    expect(LOAN_TYPES).toEqual(['conventional', 'fha', 'va', 'usda', 'unknown']);
    expect(VEHICLE_TYPES).toEqual(['class_a', 'class_b', 'class_c', 'travel_trailer', 'lightweight_trailer', 'boat', 'motorcycle']);
    expect(PROPERTY_STATUSES).toEqual(['rent', 'own', 'own_with_mortgage', 'other']);
    expect(EMPLOYMENT_STATUSES).toEqual([
      'employed', 'employed_full_time', 'employed_part_time', 'military', 'not_employed', 'self_employed', 'retired', 'other',
    ]);
    expect(PAY_FREQUENCIES).toEqual(['weekly', 'biweekly', 'twice_monthly', 'monthly', 'unknown']);
    expect(EDUCATION_LEVELS).toEqual([
      'high_school', 'associate', 'bachelors', 'masters', 'doctorate', 'other_grad_degree', 'certificate',
      'did_not_graduate', 'still_enrolled', 'other', 'unknown',
    ]);
    expect(VETERAN_STATUSES).toEqual(['no', 'yes', 'active_recent']);
  });
});

describe('step order per goal (spec 002 §4)', () => {
  it.each([
    ['mortgage_loan', ['HouseDetails', 'MortgageDetails', 'Disputes', 'BankAccounts', 'UserBackground']],
    ['refinance', ['HouseDetails', 'RefinanceDetails', 'Disputes', 'BankAccounts']],
    ['financial_wellness', ['FinancialStatus', 'Disputes', 'BankAccounts']],
    ['recreational_vehicle', ['RVType', 'RVFinancing', 'Disputes', 'BankAccounts']],
  ] as const)('%s goes %j', (type, steps) => {
    expect(intakeSteps(type)).toEqual(steps);
  });
});

describe('per-step completeness (spec 002 §5)', () => {
  it('HouseDetails needs city, state, property type and loan type', () => {
    expect(isFormStepComplete('HouseDetails', goal('mortgage_loan', HOUSE), null)).toBe(true);
    expect(isFormStepComplete('HouseDetails', goal('mortgage_loan', { ...HOUSE, loanType: null }), null)).toBe(false);
    expect(isFormStepComplete('HouseDetails', goal('mortgage_loan', { ...HOUSE, purchaseCity: '  ' }), null)).toBe(false);
  });

  it('MortgageDetails needs status, income, price, savings as a number, and home value unless renting', () => {
    const props = { purchasePrice: 300_000, currentSavings: 0 };
    expect(isFormStepComplete('MortgageDetails', goal('mortgage_loan', props), person({ propertyStatus: 'rent', annualIncome: 60_000 }))).toBe(true);
    expect(isFormStepComplete('MortgageDetails', goal('mortgage_loan', props), person({ propertyStatus: 'own', annualIncome: 60_000 }))).toBe(false);
    expect(
      isFormStepComplete('MortgageDetails', goal('mortgage_loan', { ...props, currentHomePrice: 250_000 }), person({ propertyStatus: 'own', annualIncome: 60_000 })),
    ).toBe(true);
    expect(
      isFormStepComplete('MortgageDetails', goal('mortgage_loan', { purchasePrice: 300_000 }), person({ propertyStatus: 'rent', annualIncome: 60_000 })),
    ).toBe(false);
  });

  it('RefinanceDetails needs income and home value, and a cash amount only with cash-out', () => {
    const pi = person({ annualIncome: 90_000 });
    expect(isFormStepComplete('RefinanceDetails', goal('refinance', { currentHomePrice: 400_000 }), pi)).toBe(true);
    expect(isFormStepComplete('RefinanceDetails', goal('refinance', { currentHomePrice: 400_000, cashOut: true }), pi)).toBe(false);
    expect(isFormStepComplete('RefinanceDetails', goal('refinance', { currentHomePrice: 400_000, cashOut: true, cashAmount: 20_000 }), pi)).toBe(true);
    expect(isFormStepComplete('RefinanceDetails', goal('refinance', { currentHomePrice: 400_000 }), person())).toBe(false);
  });

  it('RVType needs vehicle type, county and state', () => {
    expect(isFormStepComplete('RVType', goal('recreational_vehicle', { vehicleType: 'class_b', purchaseCounty: 'Clark', purchaseState: 'NV' }), null)).toBe(true);
    expect(isFormStepComplete('RVType', goal('recreational_vehicle', { vehicleType: 'class_b', purchaseState: 'NV' }), null)).toBe(false);
  });

  it('RVFinancing needs a numeric trade-in, and a purchase price and savings that are not zero', () => {
    const complete = { tradeInValue: 0, purchasePrice: 80_000, currentSavings: 5_000 };
    expect(isFormStepComplete('RVFinancing', goal('recreational_vehicle', complete), null)).toBe(true);
    expect(isFormStepComplete('RVFinancing', goal('recreational_vehicle', { ...complete, currentSavings: 0 }), null)).toBe(false);
    expect(isFormStepComplete('RVFinancing', goal('recreational_vehicle', { ...complete, purchasePrice: 0 }), null)).toBe(false);
    expect(isFormStepComplete('RVFinancing', goal('recreational_vehicle', { ...complete, tradeInValue: null }), null)).toBe(false);
  });

  it('FinancialStatus needs status, income, savings, and home value unless renting', () => {
    expect(isFormStepComplete('FinancialStatus', goal('financial_wellness', { currentSavings: 100 }), person({ propertyStatus: 'rent', annualIncome: 0 }))).toBe(true);
    expect(isFormStepComplete('FinancialStatus', goal('financial_wellness', { currentSavings: 100 }), person({ propertyStatus: 'own_with_mortgage', annualIncome: 1 }))).toBe(false);
  });

  it('UserBackground needs pay frequency, employment, education, veteran status with its recent-active answer, and citizenship', () => {
    expect(isFormStepComplete('UserBackground', null, person(BACKGROUND))).toBe(true);
    expect(isFormStepComplete('UserBackground', null, person({ ...BACKGROUND, veteranStatus: 'yes' }))).toBe(false);
    expect(isFormStepComplete('UserBackground', null, person({ ...BACKGROUND, veteranStatus: 'yes', veteranActiveRecent: false }))).toBe(true);
    expect(isFormStepComplete('UserBackground', null, person({ ...BACKGROUND, isAmericanCitizen: null }))).toBe(false);
  });
});

describe('firstIncompleteStep', () => {
  it('starts every new intake at page 1', () => {
    for (const type of ['mortgage_loan', 'refinance', 'financial_wellness', 'recreational_vehicle'] as const) {
      expect(firstIncompleteStep(type, goal(type), person())).toBe(1);
    }
  });

  it('goes to the first step whose answers are incomplete', () => {
    const mortgage = goal('mortgage_loan', { ...HOUSE, purchasePrice: 300_000, currentSavings: 10_000 });
    expect(firstIncompleteStep('mortgage_loan', goal('mortgage_loan', HOUSE), person())).toBe(2);
    expect(firstIncompleteStep('mortgage_loan', mortgage, person({ propertyStatus: 'rent', annualIncome: 50_000 }))).toBe(3);
  });

  it('counts the Disputes step done once the review was put off, and BankAccounts once accounts are linked or opted out', () => {
    const rv = goal('recreational_vehicle', {
      vehicleType: 'boat', purchaseCounty: 'Clark', purchaseState: 'NV', tradeInValue: 0, purchasePrice: 50_000, currentSavings: 2_000,
    });
    expect(firstIncompleteStep('recreational_vehicle', rv, person())).toBe(3);
    expect(firstIncompleteStep('recreational_vehicle', rv, person({ disputesReviewLater: true }))).toBe(4);
    expect(firstIncompleteStep('recreational_vehicle', rv, person({ disputesReviewLater: true }), { bankAccountsDone: true })).toBe(4);
  });

  it('is the last page when every step is done but the intake is not completed yet, and null once completed', () => {
    const wellness = goal('financial_wellness', { currentSavings: 10 });
    const answers = { propertyStatus: 'rent', annualIncome: 40_000, disputesReviewLater: true } as const;
    expect(firstIncompleteStep('financial_wellness', wellness, person(answers), { bankAccountsDone: true })).toBe(3);
    expect(firstIncompleteStep('financial_wellness', wellness, person({ ...answers, completedIntake: true }))).toBeNull();
  });

  it('enables the bank step with linked accounts or the opt-out', () => {
    expect(isBankAccountsStepDone(0, false)).toBe(false);
    expect(isBankAccountsStepDone(2, false)).toBe(true);
    expect(isBankAccountsStepDone(0, true)).toBe(true);
  });
});

describe('resuming', () => {
  it('counts an intake as edited before once any answer was saved', () => {
    expect(wasIntakeEditedBefore(goal('refinance'), person())).toBe(false);
    expect(wasIntakeEditedBefore(goal('refinance', { purchaseCity: 'Reno' }), null)).toBe(true);
    expect(wasIntakeEditedBefore(goal('refinance'), person({ annualIncome: 0 }))).toBe(true);
  });
});

describe('validateIntakeStep', () => {
  it('gives the missing-fields key for every required answer not given', () => {
    const result = validateIntakeStep('HouseDetails', { purchaseCity: 'Reno', purchaseState: '' });
    expect(result).toEqual({ ok: false, missingFields: ['purchaseState', 'propertyType', 'loanType'], fieldErrors: {} });
    expect(INTAKE_KEYS.missingFields).toBe('intake.errors.missing-fields');
  });

  it('parses typed money into whole dollars and splits the answers into goal properties and personal info', () => {
    const result = validateIntakeStep('MortgageDetails', {
      propertyStatus: 'own',
      annualIncome: '85,000.40',
      purchasePrice: '$350000',
      currentSavings: '0',
      currentHomePrice: 210_000.5,
    });
    expect(result).toEqual({
      ok: true,
      changes: {
        goal: { purchasePrice: 350_000, currentSavings: 0, currentHomePrice: 210_001 },
        personalInfo: { propertyStatus: 'own', annualIncome: 85_000 },
      },
    });
  });

  it('leaves out the home value when renting and the cash amount without cash-out', () => {
    const renting = validateIntakeStep('FinancialStatus', { propertyStatus: 'rent', annualIncome: 1, currentSavings: 2, currentHomePrice: 'abc' });
    expect(renting).toEqual({ ok: true, changes: { goal: { currentSavings: 2 }, personalInfo: { propertyStatus: 'rent', annualIncome: 1 } } });
    const noCashOut = validateIntakeStep('RefinanceDetails', { annualIncome: 1, currentHomePrice: 300_000, cashOut: false, cashAmount: '' });
    expect(noCashOut).toEqual({ ok: true, changes: { goal: { currentHomePrice: 300_000, cashOut: false }, personalInfo: { annualIncome: 1 } } });
  });

  it('always asks a refinance for the home value, whatever the housing answer given elsewhere', () => {
    const result = validateIntakeStep('RefinanceDetails', { propertyStatus: 'rent', annualIncome: 1, cashOut: false });
    expect(result).toEqual({ ok: false, missingFields: ['currentHomePrice'], fieldErrors: {} });
  });

  it('refuses a zero cash amount with "must be more than 0"', () => {
    const result = validateIntakeStep('RefinanceDetails', { annualIncome: 1, currentHomePrice: 300_000, cashOut: true, cashAmount: '0' });
    expect(result).toEqual({ ok: false, missingFields: [], fieldErrors: { cashAmount: 'global.must-be-more-than-zero' } });
  });

  it('refuses amounts that are not amounts, negative, or above the maximum with the spec messages', () => {
    const result = validateIntakeStep('RVFinancing', {
      purchasePrice: '12.345',
      tradeInValue: '-5',
      currentSavings: String(INTAKE_AMOUNT_MAX_USD + 1),
    });
    expect(result).toEqual({
      ok: false,
      missingFields: [],
      fieldErrors: {
        purchasePrice: 'global.must-be-amount',
        tradeInValue: 'global.must-be-positive',
        currentSavings: 'global.provide-valid-number',
      },
    });
  });

  it('refuses RV savings of zero but accepts a zero trade-in', () => {
    const result = validateIntakeStep('RVFinancing', { purchasePrice: 60_000, tradeInValue: 0, currentSavings: 0 });
    expect(result).toEqual({ ok: false, missingFields: [], fieldErrors: { currentSavings: 'global.must-be-more-than-zero' } });
  });

  it('asks the recent-active question unless the customer is not a veteran', () => {
    expect(shownStepFields('UserBackground', { veteranStatus: 'no' })).not.toContain('veteranActiveRecent');
    const result = validateIntakeStep('UserBackground', { ...BACKGROUND, veteranStatus: 'yes' });
    expect(result).toEqual({ ok: false, missingFields: ['veteranActiveRecent'], fieldErrors: {} });
  });

  it('refuses an over-long city and a state outside the list with their messages', () => {
    const result = validateIntakeStep('HouseDetails', { purchaseCity: 'x'.repeat(256), purchaseState: 'ZZ', propertyType: 'condo', loanType: 'va' });
    expect(result).toEqual({
      ok: false,
      missingFields: [],
      fieldErrors: { purchaseCity: 'errors.field-validation.address-field-too-long', purchaseState: 'errors.field-validation.state-invalid' },
    });
  });

  it('refuses a choice outside the option list', () => {
    const result = validateIntakeStep('RVType', { vehicleType: 'spaceship', purchaseCounty: 'Clark', purchaseState: 'NV' });
    expect(result.ok).toBe(false);
  });
});

describe('saving only what changed (spec 002 §4)', () => {
  it('changedFields keeps only the entries that differ', () => {
    expect(changedFields({ a: 1, b: 'x', c: null }, { a: 1, b: 'y', c: undefined })).toEqual({ b: 'y' });
    expect(changedFields(null, { a: 0 })).toEqual({ a: 0 });
    expect(changedFields({ list: ['a'] }, { list: ['a'] })).toEqual({});
  });

  it('builds no request when nothing changed', () => {
    const stored = goal('mortgage_loan', HOUSE);
    const values = stepValues('HouseDetails', stored, person());
    const result = validateIntakeStep('HouseDetails', values);
    if (!result.ok) throw new Error('expected valid');
    expect(intakeSaveRequest(result.changes, stored, person())).toBeNull();
  });

  it('sends the changed goal properties and personal info with their ids', () => {
    const stored = goal('mortgage_loan', { purchasePrice: 300_000, currentSavings: 1_000 });
    const result = validateIntakeStep('MortgageDetails', {
      propertyStatus: 'rent', annualIncome: 70_000, purchasePrice: 300_000, currentSavings: 2_000,
    });
    if (!result.ok) throw new Error('expected valid');
    const request = intakeSaveRequest(result.changes, stored, null);
    expect(request).toEqual({
      goal: { id: 'goal-1', properties: { currentSavings: 2_000 } },
      personalInfo: { id: personalInfoIdFor('goal-1'), propertyStatus: 'rent', annualIncome: 70_000 },
    });
    const saved = applyIntakeSave(request!, stored, null);
    expect(saved.goal.properties).toEqual({ purchasePrice: 300_000, currentSavings: 2_000 });
    expect(saved.personalInfo).toEqual({ id: 'personal-info-goal-1', propertyStatus: 'rent', annualIncome: 70_000 });
  });
});

describe('Disputes step', () => {
  it('counts as unchallenged an item with no reason that no bureau has taken up', () => {
    expect(isUnchallengedInvestigation({ challengeReasonSelected: false, statuses: [{ status: 'PENDING_USER_DECISION' }] })).toBe(true);
    expect(isUnchallengedInvestigation({ challengeReasonSelected: true, statuses: [{ status: 'PENDING_USER_DECISION' }] })).toBe(false);
    expect(isUnchallengedInvestigation({ challengeReasonSelected: false, statuses: [{ status: 'UNDER_REVIEW_ACTIVE' }] })).toBe(false);
    expect(isUnchallengedInvestigation({ challengeReasonSelected: false, statuses: [{ status: 'CORRECTED' }] })).toBe(false);
  });
});
