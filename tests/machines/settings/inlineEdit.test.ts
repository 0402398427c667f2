import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { SAMPLE_SETTINGS_COACH, SAMPLE_SETTINGS_CONTACT, SAMPLE_SETTINGS_CUSTOMER, SAMPLE_SETTINGS_TODAY } from '../../../machines/settings/entries';
import { inlineEditMachine, inlineEditSelectors, type InlineEditInput } from '../../../machines/settings/inlineEdit.machine';
import type { InlineContactField } from '../../../machines/settings/ports';
import type { CallableRequest, CallableResponse } from '../../../src/contract/callables';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('inlineEdit');
if (!entry) throw new Error('inlineEdit is not registered');
const REGISTERED = entry.testModel.input as InlineEditInput;

runModelPaths(entry, { variants: [{ name: 'a coach without permission', input: { ...REGISTERED, actor: SAMPLE_SETTINGS_COACH } }] });

type ContactRequest = CallableRequest<'updateCustomerContact'>;
type Contact = CallableResponse<'updateCustomerContact'>;

/** One inline field over a server that stores what it is sent; `refusal` makes the save fail with it. */
function field(input: Partial<InlineEditInput>, refusal: object | null = null) {
  const saved: { field: InlineContactField; value: unknown }[] = [];
  const machine = inlineEditMachine.provide({
    actors: {
      updateCustomerContact: fromPromise<Contact, ContactRequest>(async ({ input: request }) => {
        if (refusal) throw refusal;
        const [[changed, value]] = Object.entries(request) as [[InlineContactField, unknown]];
        saved.push({ field: changed, value });
        return { ...SAMPLE_SETTINGS_CONTACT, ...request } as Contact;
      }),
    },
  });
  const running = run(machine, { actor: SAMPLE_SETTINGS_CUSTOMER, field: 'FirstName', value: 'Jordan', today: SAMPLE_SETTINGS_TODAY, ...input });
  const snapshot = () => running.actor.getSnapshot();
  const send = async (event: Parameters<typeof running.actor.send>[0]) => {
    running.actor.send(event);
    await settle();
  };
  /** Edit, type, save. */
  const enter = async (value: string) => {
    await send({ type: 'edit.start' });
    await send({ type: 'edit.change', value });
    await send({ type: 'edit.save' });
  };
  return {
    saved,
    snapshot,
    send,
    enter,
    mode: () => inlineEditSelectors.mode(snapshot()),
    shown: () => inlineEditSelectors.shownValue(snapshot()),
    error: () => inlineEditSelectors.fieldError(snapshot()),
    notices: () => running.emitted.map(({ level, key }) => ({ level, key })),
  };
}

describe('editing a personal-info field inline (spec 000 §4.7, §5)', () => {
  it('opens the editor with the stored value as typed: a phone as 000-000-0000', async () => {
    const f = field({ field: 'MobilePhone', value: '2085550142' });
    await f.send({ type: 'edit.start' });
    expect([f.mode(), inlineEditSelectors.draft(f.snapshot())]).toEqual(['editing', '208-555-0142']);
  });

  it("sends a changed value as the server's rule takes it and keeps it as stored", async () => {
    const f = field({ field: 'MobilePhone', value: '2085550142' });
    await f.enter(' 208-555-0199 ');
    expect([f.saved, f.mode(), f.shown(), f.notices()]).toEqual([[{ field: 'MobilePhone', value: '208-555-0199' }], 'view', '2085550199', []]);
  });

  it('shows the value being saved while the server answers', async () => {
    let finish: () => void = () => undefined;
    const machine = inlineEditMachine.provide({
      actors: {
        updateCustomerContact: fromPromise<Contact, ContactRequest>(
          () => new Promise<Contact>((resolve) => (finish = () => resolve({ ...SAMPLE_SETTINGS_CONTACT, MailingCity: 'Meridian' }))),
        ),
      },
    });
    const running = run(machine, { actor: SAMPLE_SETTINGS_CUSTOMER, field: 'MailingCity', value: 'Boise', today: SAMPLE_SETTINGS_TODAY });
    running.actor.send({ type: 'edit.start' });
    running.actor.send({ type: 'edit.change', value: 'Meridian' });
    running.actor.send({ type: 'edit.save' });
    await settle();
    expect([inlineEditSelectors.mode(running.actor.getSnapshot()), inlineEditSelectors.shownValue(running.actor.getSnapshot())]).toEqual(['saving', 'Meridian']);
    finish();
    await settle();
    expect(inlineEditSelectors.value(running.actor.getSnapshot())).toBe('Meridian');
  });

  it('an unchanged value goes back to view without a call', async () => {
    const f = field({ value: 'Jordan' });
    await f.enter('  Jordan ');
    expect([f.saved, f.mode(), f.shown()]).toEqual([[], 'view', 'Jordan']);
  });

  it('a failed save brings the old value back with the error toast', async () => {
    const f = field({ field: 'MailingStreet', value: '12 Elm St' }, { code: 'unavailable' });
    await f.enter('99 Oak Ave');
    expect([f.mode(), f.shown(), f.notices()]).toEqual(['view', '12 Elm St', [{ level: 'error', key: 'intake.errors.error-updating' }]]);
  });

  it("a save the server refuses with its own key shows that key (the field's rule)", async () => {
    const f = field({ field: 'MailingPostalCode', value: '83702' }, { code: 'invalid-argument', key: 'errors.field-validation.zip-invalid' });
    await f.enter('83702-1234');
    expect([f.shown(), f.notices()]).toEqual(['83702', [{ level: 'error', key: 'errors.field-validation.zip-invalid' }]]);
  });

  it('Cancel (or Escape) brings the old value back and forgets what was typed', async () => {
    const f = field({ value: 'Jordan' });
    await f.send({ type: 'edit.start' });
    await f.send({ type: 'edit.change', value: 'Jo' });
    await f.send({ type: 'edit.cancel' });
    expect([f.mode(), f.shown(), inlineEditSelectors.draft(f.snapshot()), f.saved]).toEqual(['view', 'Jordan', '', []]);
  });

  it("a coach without permission is refused before any call and the old value stays", async () => {
    const f = field({ actor: SAMPLE_SETTINGS_COACH, value: 'Jordan' });
    await f.enter('Jordan Lee');
    expect([f.saved, f.mode(), f.shown(), f.notices()]).toEqual([[], 'view', 'Jordan', [{ level: 'warning', key: 'coach.toast.not-permitted' }]]);
  });
});

describe("each field's rule keeps a refused value in the editor with its message", () => {
  const cases: [InlineEditInput['field'], string | null, string, string][] = [
    ['FirstName', 'Jordan', '   ', 'personal-info.errors.name-required'],
    ['LastName', 'Rivera', 'x'.repeat(256), 'errors.field-validation.address-field-too-long'],
    ['MiddleName', null, 'y'.repeat(256), 'errors.field-validation.address-field-too-long'],
    ['MobilePhone', '2085550142', '(208) 555-0199', 'errors.field-validation.phone-invalid'],
    ['Birthdate', '1988-04-02', '2020-01-01', 'errors.field-validation.birthdate-invalid'],
    ['Birthdate', '1988-04-02', '1900-01-01', 'errors.field-validation.birthdate-invalid'],
    ['Social_Security_Number__c', '6789', '123-45-678', 'errors.field-validation.ssn-invalid'],
    ['MailingStreet', '12 Elm St', 'z'.repeat(256), 'errors.field-validation.address-field-too-long'],
    ['MailingStateCode', 'ID', 'PR', 'errors.field-validation.state-invalid'],
    ['MailingPostalCode', '83702', '8370', 'errors.field-validation.zip-invalid'],
  ];
  for (const [name, value, typed, key] of cases) {
    it(`${name}: '${typed.length > 20 ? `${typed.slice(0, 3)}… (${typed.length})` : typed}' → ${key}`, async () => {
      const f = field({ field: name, value });
      await f.enter(typed);
      expect([f.mode(), f.error(), f.saved]).toEqual(['editing', key, []]);
    });
  }

  it('shows the message only from the first Save on, then follows each change', async () => {
    const f = field({ field: 'MailingPostalCode', value: '83702' });
    await f.send({ type: 'edit.start' });
    await f.send({ type: 'edit.change', value: '8370' });
    expect(f.error()).toBeNull();
    await f.send({ type: 'edit.save' });
    expect(f.error()).toBe('errors.field-validation.zip-invalid');
    await f.send({ type: 'edit.change', value: '83702-1234' });
    expect(f.error()).toBeNull();
    await f.send({ type: 'edit.save' });
    expect(f.saved).toEqual([{ field: 'MailingPostalCode', value: '83702-1234' }]);
  });

  it('a birthdate at the ends of the 12-120 year window is accepted', async () => {
    const youngest = field({ field: 'Birthdate', value: '1988-04-02' });
    await youngest.enter('2014-11-26');
    const oldest = field({ field: 'Birthdate', value: '1988-04-02' });
    await oldest.enter('1906-11-26');
    expect([...youngest.saved, ...oldest.saved].map((update) => update.value)).toEqual(['2014-11-26', '1906-11-26']);
  });

  it('an SSN typed in any punctuation is sent as its 9 digits and only its last four are kept', async () => {
    const f = field({ field: 'Social_Security_Number__c', value: '6789' });
    await f.send({ type: 'edit.start' });
    expect(inlineEditSelectors.draft(f.snapshot())).toBe('');
    await f.send({ type: 'edit.change', value: '987 65 4321' });
    await f.send({ type: 'edit.save' });
    expect([f.saved, f.shown(), JSON.stringify(f.snapshot().context)]).toEqual([
      [{ field: 'Social_Security_Number__c', value: '987654321' }],
      '4321',
      expect.not.stringContaining('987654321'),
    ]);
  });

  it('opening the SSN and saving without typing changes nothing', async () => {
    const f = field({ field: 'Social_Security_Number__c', value: '6789' });
    await f.enter('');
    expect([f.saved, f.mode(), f.shown()]).toEqual([[], 'view', '6789']);
  });

  it('an emptied middle name or phone is cleared (null), a state is one of the 50 and DC', async () => {
    const middle = field({ field: 'MiddleName', value: 'Ann' });
    await middle.enter('');
    const phone = field({ field: 'MobilePhone', value: '2085550142' });
    await phone.enter('');
    const state = field({ field: 'MailingStateCode', value: 'ID' });
    await state.enter('DC');
    expect([...middle.saved, ...phone.saved, ...state.saved]).toEqual([
      { field: 'MiddleName', value: null },
      { field: 'MobilePhone', value: null },
      { field: 'MailingStateCode', value: 'DC' },
    ]);
  });
});
