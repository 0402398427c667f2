// The communication toggles of the settings page (spec 000 §2.5, §3.4): the contact's flags as the CRM keeps them,
// each on or off. The contract (updateAuthorizations' communications) and the settings machines share this list.

export const COMMUNICATION_TOGGLES = [
  'Allow_Referral_Update__c',
  'Round_Opt_In__c',
  'DoNotCall',
  'Do_Not_SMS__c',
  'SMS_Opt_out__c',
] as const;
export type CommunicationToggle = (typeof COMMUNICATION_TOGGLES)[number];
