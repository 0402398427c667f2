/** Who the bureaus are asked about. */
export interface CreditSubject {
  uid: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  birthdate: string | null;
  ssnLast4: string | null;
  street: string | null;
  city: string | null;
  stateCode: string | null;
  postalCode: string | null;
}

/** A three-bureau pull: the report document and the items the customer may dispute (spec 001 §3). */
export interface InitialCreditPull {
  /** Stored as creditReports/{uid} (the shape seed/ uses for the demo customers). */
  report: Record<string, unknown>;
  /** Stored as investigations/{uid}/items/{id}. */
  investigations: (Record<string, unknown> & { id: string })[];
}

/** The credit bureaus behind the initial report (spec 002 §4: completeIntake starts it). */
export interface CreditDataProvider {
  pullInitialReport(subject: CreditSubject, pulledAt: Date): Promise<InitialCreditPull>;
}
