// The credit report PDF's labels (creditReportPdf.ts), in the languages of the app (en, es). The report's own data
// (creditor names, statuses as the bureaus report them) is printed as it is.
import type { PaymentStatusCode } from '../../../src/domain/creditReport';
import type { Bureau } from '../../../src/domain/creditReportRecords';

export type PdfLang = 'en' | 'es';

export interface CreditReportPdfText {
  /** The BCP 47 locale for dates and amounts. */
  locale: string;
  title: string;
  preparedFor: string;
  reportDate: string;
  scores: string;
  score: string;
  noScore: string;
  personalInfo: string;
  name: string;
  alsoKnownAs: string;
  dateOfBirth: string;
  ssn: string;
  currentAddress: string;
  previousAddresses: string;
  employer: string;
  accounts: string;
  creditor: string;
  bureau: string;
  type: string;
  status: string;
  balance: string;
  paymentStatus: string;
  inquiries: string;
  date: string;
  industry: string;
  publicRecords: string;
  filed: string;
  reference: string;
  none: string;
  notOnFile: string;
  page: (page: number, pages: number) => string;
  bureaus: Readonly<Record<Bureau, string>>;
  /** spec 001 §4 payment status codes in words (as the credit pages say them: credit:paymentStatus). */
  paymentStatuses: Readonly<Record<PaymentStatusCode['meaning'], string>>;
}

const BUREAU_NAMES: Readonly<Record<Bureau, string>> = { EQUIFAX: 'Equifax', EXPERIAN: 'Experian', TRANSUNION: 'TransUnion' };

export const CREDIT_REPORT_PDF_TEXT: Readonly<Record<PdfLang, CreditReportPdfText>> = {
  en: {
    locale: 'en-US',
    title: 'Credit report',
    preparedFor: 'Prepared for',
    reportDate: 'Report date',
    scores: 'Credit scores',
    score: 'Score',
    noScore: 'No score',
    personalInfo: 'Personal information',
    name: 'Name',
    alsoKnownAs: 'Also known as',
    dateOfBirth: 'Date of birth',
    ssn: 'Social Security number',
    currentAddress: 'Current address',
    previousAddresses: 'Previous addresses',
    employer: 'Employer',
    accounts: 'Accounts',
    creditor: 'Creditor',
    bureau: 'Bureau',
    type: 'Type',
    status: 'Status',
    balance: 'Balance',
    paymentStatus: 'Payment status',
    inquiries: 'Inquiries',
    date: 'Date',
    industry: 'Industry',
    publicRecords: 'Public records',
    filed: 'Filed',
    reference: 'Reference',
    none: 'None reported.',
    notOnFile: 'Not on file',
    page: (page, pages) => `Page ${page} of ${pages}`,
    bureaus: BUREAU_NAMES,
    paymentStatuses: {
      current: 'Current',
      late30: '30 days late',
      late60: '60 days late',
      late90: '90 days late',
      late120: '120 days late',
      late150: '150 days late',
      late180: '180 days late',
      bankruptcy: 'Bankruptcy',
      repossessionOrForeclosure: 'Repossession or foreclosure',
      collectionOrChargeOff: 'Collection or charge-off',
      unknown: 'Unknown',
      noData: 'No data',
    },
  },
  es: {
    locale: 'es-US',
    title: 'Informe de crédito',
    preparedFor: 'Preparado para',
    reportDate: 'Fecha del informe',
    scores: 'Puntajes de crédito',
    score: 'Puntaje',
    noScore: 'Sin puntaje',
    personalInfo: 'Información personal',
    name: 'Nombre',
    alsoKnownAs: 'También conocido como',
    dateOfBirth: 'Fecha de nacimiento',
    ssn: 'Número de Seguro Social',
    currentAddress: 'Dirección actual',
    previousAddresses: 'Direcciones anteriores',
    employer: 'Empleador',
    accounts: 'Cuentas',
    creditor: 'Acreedor',
    bureau: 'Buró',
    type: 'Tipo',
    status: 'Estado',
    balance: 'Saldo',
    paymentStatus: 'Estado de pago',
    inquiries: 'Consultas',
    date: 'Fecha',
    industry: 'Sector',
    publicRecords: 'Registros públicos',
    filed: 'Presentado',
    reference: 'Referencia',
    none: 'No se reporta ninguno.',
    notOnFile: 'No registrado',
    page: (page, pages) => `Página ${page} de ${pages}`,
    bureaus: BUREAU_NAMES,
    paymentStatuses: {
      current: 'Al corriente',
      late30: '30 días de atraso',
      late60: '60 días de atraso',
      late90: '90 días de atraso',
      late120: '120 días de atraso',
      late150: '150 días de atraso',
      late180: '180 días de atraso',
      bankruptcy: 'Bancarrota',
      repossessionOrForeclosure: 'Embargo o ejecución hipotecaria',
      collectionOrChargeOff: 'Cobranza o cancelación contable',
      unknown: 'Desconocido',
      noData: 'Sin datos',
    },
  },
};
