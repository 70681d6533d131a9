// The built-in sandbox bank: a deterministic, realistic Brazilian business account. Each day's
// transactions depend only on the account and the date (PIX, boletos, TEDs, card settlements,
// tarifas, IOF, folha, aluguel, DAS…), with FITIDs like a bank statement's. Today's and yesterday's
// transactions are still pending under a temporary id, and are booked under their FITID later —
// as real banks do.
import { createHash } from 'node:crypto';
import { addDays } from '../../../domain/shared/dates';
import type { BankConnector, ConnectorAccount, FeedTransaction } from './port';
import { BankConnectorError } from './port';

/** Days before `today` whose transactions are still pending (today and yesterday). */
export const SANDBOX_PENDING_DAYS = 1;
const MAX_RANGE_DAYS = 400;

type Draft = { description: string; merchant: string | null; amount: bigint };

const clients = [
  ['MERCADO BOM PRECO LTDA', 'Mercado Bom Preço Ltda'],
  ['RESTAURANTE SABOR CASEIRO', 'Restaurante Sabor Caseiro'],
  ['CAFETERIA GRAO FINO', 'Cafeteria Grão Fino'],
  ['HOTEL VISTA ALEGRE', 'Hotel Vista Alegre'],
  ['BUFFET FESTA BOA EIRELI', 'Buffet Festa Boa'],
  ['ANA PAULA FERREIRA', 'Ana Paula Ferreira'],
  ['CONDOMINIO JARDIM DAS FLORES', 'Condomínio Jardim das Flores'],
  ['ESCOLA PEQUENO SABER', 'Escola Pequeno Saber'],
] as const;

const suppliers = [
  ['MOINHO SUL FARINHAS LTDA', 'Moinho Sul Farinhas Ltda'],
  ['LATICINIOS SERRA VERDE', 'Laticínios Serra Verde'],
  ['DISTRIBUIDORA ACUCAR DOCE', 'Distribuidora Açúcar Doce'],
  ['EMBALAGENS PARANA LTDA', 'Embalagens Paraná Ltda'],
  ['GRANJA OVOS FELIZ', 'Granja Ovos Feliz'],
  ['FRIGORIFICO BOM CORTE', 'Frigorífico Bom Corte'],
] as const;

const stores = [
  ['ATACADAO', 'Atacadão'],
  ['ASSAI ATACADISTA', 'Assaí Atacadista'],
  ['POSTO SHELL CENTRO', 'Posto Shell'],
  ['KALUNGA', 'Kalunga'],
  ['LEROY MERLIN', 'Leroy Merlin'],
] as const;

/** Monthly bills on their day of the month (moved to the next business day). */
const monthly: { day: number; make: (rng: Rng) => Draft }[] = [
  { day: 1, make: () => ({ description: 'TARIFA PACOTE SERVICOS', merchant: null, amount: -8990n }) },
  { day: 5, make: (rng) => ({ description: 'PAGAMENTO FOLHA SALARIOS', merchant: null, amount: -rng.cents(1_380_000, 1_460_000) }) },
  { day: 7, make: (rng) => ({ description: 'FGTS - GUIA GRF', merchant: 'Caixa Econômica Federal', amount: -rng.cents(108_000, 118_000) }) },
  { day: 10, make: () => ({ description: 'PAGAMENTO BOLETO - ALUGUEL IMOBILIARIA CENTRAL', merchant: 'Imobiliária Central', amount: -650_000n }) },
  { day: 12, make: (rng) => ({ description: 'ENERGIA ELETRICA - ENEL', merchant: 'Enel Distribuição', amount: -rng.cents(78_000, 135_000) }) },
  { day: 14, make: (rng) => ({ description: 'SABESP AGUA E ESGOTO', merchant: 'Sabesp', amount: -rng.cents(22_000, 39_000) }) },
  { day: 15, make: () => ({ description: 'VIVO INTERNET FIBRA', merchant: 'Vivo', amount: -19_990n }) },
  { day: 20, make: (rng) => ({ description: 'DAS SIMPLES NACIONAL', merchant: 'Receita Federal', amount: -rng.cents(210_000, 340_000) }) },
  { day: 25, make: () => ({ description: 'TED ENVIADA - CONTABILIDADE EXATA', merchant: 'Contabilidade Exata', amount: -85_000n }) },
];

type Rng = { next: () => number; int: (min: number, max: number) => number; cents: (min: number, max: number) => bigint; pick: <T>(list: readonly T[]) => T; chance: (p: number) => boolean };

function rngFor(seed: string): Rng {
  const digest = createHash('sha256').update(seed).digest();
  let state = digest.readUInt32LE(0);
  // mulberry32: small, fast and good enough for believable amounts.
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, cents: (min, max) => BigInt(int(min, max)), pick: (list) => list[Math.floor(next() * list.length)], chance: (p) => next() < p };
}

const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const isBusinessDay = (date: string) => weekday(date) !== 0 && weekday(date) !== 6;

function nextBusinessDay(date: string): string {
  let d = date;
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

function monthlyDueOn(date: string, day: number): boolean {
  const [y, m] = date.split('-').map(Number);
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const due = `${date.slice(0, 8)}${String(Math.min(day, lastDay)).padStart(2, '0')}`;
  return nextBusinessDay(due) === date;
}

function checkingDay(date: string, rng: Rng): Draft[] {
  const drafts: Draft[] = [];
  const business = isBusinessDay(date);
  const saturday = weekday(date) === 6;
  for (const bill of monthly) if (business && monthlyDueOn(date, bill.day)) drafts.push(bill.make(rng));
  if (business) {
    const acquirer = rng.pick([['CIELO VENDAS CARTAO', 'Cielo'], ['REDE VENDAS DEBITO', 'Rede'], ['STONE VENDAS CARTAO', 'Stone']] as const);
    drafts.push({ description: acquirer[0], merchant: acquirer[1], amount: rng.cents(35_000, 280_000) });
  }
  const pixIn = business ? rng.int(1, 3) : saturday ? rng.int(0, 2) : rng.int(0, 1);
  for (let i = 0; i < pixIn; i++) {
    const [text, name] = rng.pick(clients);
    drafts.push({ description: `PIX RECEBIDO - ${text}`, merchant: name, amount: rng.cents(4_500, 180_000) });
  }
  if (business && rng.chance(0.12)) {
    const [text, name] = rng.pick(clients);
    drafts.push({ description: `TED RECEBIDA - ${text}`, merchant: name, amount: rng.cents(200_000, 950_000) });
  }
  if (business && rng.chance(0.15)) {
    const [text, name] = rng.pick(clients);
    drafts.push({ description: `LIQUIDACAO BOLETO - ${text}`, merchant: name, amount: rng.cents(60_000, 450_000) });
  }
  const pixOut = business ? rng.int(0, 2) : 0;
  for (let i = 0; i < pixOut; i++) {
    const [text, name] = rng.pick(suppliers);
    drafts.push({ description: `PIX ENVIADO - ${text}`, merchant: name, amount: -rng.cents(12_000, 320_000) });
  }
  if (business && rng.chance(0.3)) {
    const [text, name] = rng.pick(suppliers);
    drafts.push({ description: `PAGAMENTO BOLETO - ${text}`, merchant: name, amount: -rng.cents(40_000, 550_000) });
  }
  if ((business || saturday) && rng.chance(0.25)) {
    const [text, name] = rng.pick(stores);
    drafts.push({ description: `COMPRA CARTAO DEBITO - ${text}`, merchant: name, amount: -rng.cents(3_500, 65_000) });
  }
  if (business && rng.chance(0.05)) drafts.push({ description: 'IOF', merchant: null, amount: -rng.cents(38, 1_250) });
  return drafts;
}

function creditCardDay(date: string, rng: Rng): Draft[] {
  const drafts: Draft[] = [];
  if (monthlyDueOn(date, 10)) drafts.push({ description: 'PAGAMENTO FATURA', merchant: null, amount: rng.cents(150_000, 420_000) });
  const purchases = rng.int(0, 2);
  for (let i = 0; i < purchases; i++) {
    const [text, name] = rng.pick(stores);
    drafts.push({ description: `COMPRA ${text}`, merchant: name, amount: -rng.cents(2_500, 90_000) });
  }
  if (monthlyDueOn(date, 3)) drafts.push({ description: 'GOOGLE ADS', merchant: 'Google', amount: -rng.cents(30_000, 80_000) });
  return drafts;
}

/** The sandbox account's transactions of one day, in the order the bank lists them. */
export function sandboxDay(account: Pick<ConnectorAccount, 'accountKey' | 'accountType'>, date: string, today: string): FeedTransaction[] {
  const rng = rngFor(`${account.accountKey}|${date}`);
  const drafts = account.accountType === 'credit' ? creditCardDay(date, rng) : checkingDay(date, rng);
  const pending = date > addDays(today, -SANDBOX_PENDING_DAYS - 1);
  const compact = date.replaceAll('-', '');
  return drafts.map((draft, i) => {
    const fitId = `${compact}${String(i + 1).padStart(4, '0')}`;
    return {
      externalId: pending ? `PEND-${compact}-${i + 1}` : fitId,
      fitId: pending ? null : fitId,
      date,
      amount: draft.amount,
      description: draft.description,
      merchant: draft.merchant,
      pending,
    };
  });
}

export const sandboxConnector: BankConnector = {
  provider: 'sandbox',
  async fetchTransactions(account, { from, to, today }) {
    const end = to > today ? today : to;
    if (from > end) return [];
    const days: string[] = [];
    for (let d = from; d <= end; d = addDays(d, 1)) {
      days.push(d);
      if (days.length > MAX_RANGE_DAYS) throw new BankConnectorError(`O banco sandbox fornece no máximo ${MAX_RANGE_DAYS} dias por sincronização.`);
    }
    return days.flatMap((date) => sandboxDay(account, date, today));
  },
};
