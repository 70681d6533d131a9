// The UI's one money and date formatting: BRL and dates in pt-BR, instants shown in São Paulo time.

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** `1234.5` or the API's `"1234.50"` → `R$ 1.234,50` (Intl puts a no-break space after `R$`). */
export const formatCurrency = (value: number | string | null | undefined): string => {
  const amount = typeof value === 'string' ? Number(value) : value;
  return brl.format(amount == null || !Number.isFinite(amount) ? 0 : amount);
};

export const TIME_ZONE = 'America/Sao_Paulo';

const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const isoDate = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });

/** Today's calendar day in São Paulo as a business date, `'2025-02-28'`: what a new record's date input starts at. */
export const todayInSaoPaulo = (now = new Date()): string => isoDate.format(now);

const BUSINESS_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A business date `'2025-03-01'` → `'01/03/2025'`, read as written: it is a calendar day, so no
 * `Date` (which would take it as UTC midnight and show the day before in Brazil). An ISO instant
 * (`'2025-03-01T02:00:00Z'`) → its calendar day in São Paulo (`'28/02/2025'`).
 */
export const formatDate = (value: string | null | undefined): string => {
  if (!value) return '';
  const businessDate = BUSINESS_DATE.exec(value);
  if (businessDate) return `${businessDate[3]}/${businessDate[2]}/${businessDate[1]}`;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : dateFormat.format(instant);
};

/** An ISO instant → `'28/02/2025, 23:00'` in São Paulo time. */
export const formatDateTime = (value: string | null | undefined): string => {
  if (!value) return '';
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : dateTimeFormat.format(instant);
};

