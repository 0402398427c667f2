// The learning center's and the support center's categories (src/domain/content.ts lists their slugs in order):
// what their pages show, in both languages, and their thumbnails (public/content/thumbnails/).
import type { ContentArea } from '../../src/domain/content';

export interface CategoryCatalogEntry {
  area: ContentArea;
  slug: string;
  order: number;
  thumbnail: string;
  locales: { en: { label: string; description: string }; es: { label: string; description: string } };
}

const thumbnail = (name: string) => `/content/thumbnails/${name}.svg`;

export const CONTENT_CATEGORY_CATALOG: readonly CategoryCatalogEntry[] = [
  {
    area: 'learning',
    slug: 'home-buying',
    order: 1,
    thumbnail: thumbnail('home-buying'),
    locales: {
      en: { label: 'Home buying', description: 'Affordability, down payments, loan types and the road from pre-approval to closing.' },
      es: { label: 'Compra de vivienda', description: 'Cuánto puede pagar, el pago inicial, los tipos de préstamo y el camino desde la preaprobación hasta el cierre.' },
    },
  },
  {
    area: 'learning',
    slug: 'credit',
    order: 2,
    thumbnail: thumbnail('credit'),
    locales: {
      en: { label: 'Credit', description: 'How scores are built, what helps and hurts them, and how to fix errors on your report.' },
      es: { label: 'Crédito', description: 'Cómo se calcula el puntaje, qué lo ayuda y qué lo perjudica, y cómo corregir errores en su informe.' },
    },
  },
  {
    area: 'learning',
    slug: 'refinancing',
    order: 3,
    thumbnail: thumbnail('refinancing'),
    locales: {
      en: { label: 'Refinancing', description: 'When a new mortgage pays off, cash-out options and the numbers lenders check.' },
      es: { label: 'Refinanciamiento', description: 'Cuándo conviene una nueva hipoteca, las opciones de retiro de efectivo y las cifras que revisan los prestamistas.' },
    },
  },
  {
    area: 'learning',
    slug: 'budgeting-and-saving',
    order: 4,
    thumbnail: thumbnail('budgeting-and-saving'),
    locales: {
      en: { label: 'Budgeting and saving', description: 'Budgets that last, paying down debt and building a cushion for the unexpected.' },
      es: { label: 'Presupuesto y ahorro', description: 'Presupuestos que funcionan, cómo pagar deudas y cómo crear un colchón para imprevistos.' },
    },
  },
  {
    area: 'learning',
    slug: 'recreational-vehicles',
    order: 5,
    thumbnail: thumbnail('recreational-vehicles'),
    locales: {
      en: { label: 'Recreational vehicles', description: 'Financing a motorhome, trailer, boat or motorcycle without overextending.' },
      es: { label: 'Vehículos recreativos', description: 'Cómo financiar una casa rodante, un remolque, una lancha o una motocicleta sin endeudarse de más.' },
    },
  },
  {
    area: 'support',
    slug: 'my-account-and-login',
    order: 1,
    thumbnail: thumbnail('my-account-and-login'),
    locales: {
      en: { label: 'My account and login', description: 'Signing in, passwords, your email address and billing.' },
      es: { label: 'Mi cuenta e inicio de sesión', description: 'Inicio de sesión, contraseñas, su correo electrónico y la facturación.' },
    },
  },
  {
    area: 'support',
    slug: 'loan-readiness-score',
    order: 2,
    thumbnail: thumbnail('loan-readiness-score'),
    locales: {
      en: { label: 'Loan readiness score', description: 'What the score measures and why it moves.' },
      es: { label: 'Puntaje de preparación', description: 'Qué mide el puntaje y por qué cambia.' },
    },
  },
  {
    area: 'support',
    slug: 'action-plan',
    order: 3,
    thumbnail: thumbnail('action-plan'),
    locales: {
      en: { label: 'Action plan', description: 'The steps your coach assigns and how to complete them.' },
      es: { label: 'Plan de acción', description: 'Los pasos que le asigna su asesor y cómo completarlos.' },
    },
  },
  {
    area: 'support',
    slug: 'money',
    order: 4,
    thumbnail: thumbnail('money'),
    locales: {
      en: { label: 'Money', description: 'Linked accounts, debts, the DTI meter and the payment simulator.' },
      es: { label: 'Dinero', description: 'Cuentas vinculadas, deudas, el indicador de DTI y el simulador de pagos.' },
    },
  },
  {
    area: 'support',
    slug: 'credit',
    order: 5,
    thumbnail: thumbnail('credit'),
    locales: {
      en: { label: 'Credit', description: 'Your credit report, the identity check and disputes with the bureaus.' },
      es: { label: 'Crédito', description: 'Su informe de crédito, la verificación de identidad y las disputas con las agencias.' },
    },
  },
  {
    area: 'support',
    slug: 'documents',
    order: 6,
    thumbnail: thumbnail('documents'),
    locales: {
      en: { label: 'Documents', description: 'Uploading, replacing and finding files in your documents locker.' },
      es: { label: 'Documentos', description: 'Cómo subir, reemplazar y encontrar archivos en su archivo de documentos.' },
    },
  },
];
