// The coaches and the partner (spec 000 §1, §3.6 roles).
import { demoAccount } from '../accounts';
import { daysBefore, type SeedDocument } from './base';
import { CONTACT_IDS, contactDocument, PEOPLE, userDocument } from './people';

/** Agents here act for the premium customer: their claims name its contact (spec 000 §1, §6). */
export function coach(key: 'coach' | 'coachWithActions' | 'coachDownload'): SeedDocument {
  const account = demoAccount(key);
  return userDocument(account, PEOPLE[key], 'coach', {
    setupComplete: true,
    customer: {
      contactId: CONTACT_IDS.premiumCustomer,
      productLine: 'Primary',
      dateOnboarding: daysBefore(90),
      agreedToPIIAt: daysBefore(89),
      subscriptionStatus: 'Active',
    },
  });
}

export function partner(): SeedDocument[] {
  const account = demoAccount('partner');
  const person = PEOPLE.partner;
  const contactId = CONTACT_IDS.partner;
  return [
    userDocument(account, person, 'partner', {
      phone: '7025550199',
      setupComplete: true,
      // The columns the partner's client tables show (spec 000 §3.2 settings.tableSettings).
      settings: {
        ui: { lang: 'en' },
        tableSettings: { assessment: true, progress: true, myNotes: false, coachingNotes: true, contact: true },
      },
      partner: {
        contactId,
        nmlsId: '1456789',
        dateOnboarding: daysBefore(200),
        termsAndConditions: { dateAccepted: daysBefore(200) },
        smsOptOut: false,
        isAbleToSeeClientsInExtendedTimeRange: false,
        reporteesCanSubmitLeads: true,
        partnerFlyerMetadata: {
          logoName: 'summit-home-lending.png',
          headshotName: 'patricia-lennox.jpg',
          disclaimer: 'Equal Housing Lender. NMLS #1456789.',
          firstName: person.firstName,
          lastName: person.lastName,
          phone: '7025550199',
          email: account.email,
          nmlsId: '1456789',
          title: 'Senior Loan Officer',
          companyName: 'Summit Home Lending',
          companyAddress: '3960 Howard Hughes Pkwy',
          companyAddress2: 'Las Vegas, NV 89169',
        },
      },
    }),
    contactDocument(contactId, {
      FirstName: person.firstName,
      LastName: person.lastName,
      Email: account.email,
      MobilePhone: '7025550199',
      Broker_Company_Name__c: 'Summit Home Lending',
    }),
  ];
}
