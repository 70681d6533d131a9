// Payment slips read from their typeable line (FEBRABAN): the bank boleto (47 digits) gives the
// amount and the due date, the collection slip of utilities and taxes (48 digits, starts with 8)
// gives the amount. Only lines whose check digits all hold are trusted.
import { addDays, daysBetween } from '../../domain/shared/dates';
import type { Centavos } from '../../domain/shared/money';

export type BankSlip = {
  kind: 'boleto';
  line: string;
  bank: string;
  amount: Centavos | null;
  dueDate: string | null;
};

export type CollectionSlip = {
  kind: 'arrecadacao';
  line: string;
  /** FEBRABAN segment: 1 city hall, 2 water, 3 power and gas, 4 telecom, 5 government, 6 others, 7 traffic fines. */
  segment: string;
  amount: Centavos | null;
};

export type PaymentSlip = BankSlip | CollectionSlip;

/** Sum of the digits of the products with weights 2, 1, 2, … from the right (boleto fields, arrecadação 6/7). */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

function mod11Sum(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum % 11;
}

/** General check digit of a bank boleto barcode: 0, 10 and 11 become 1. */
export function boletoMod11(digits: string): number {
  const dv = 11 - mod11Sum(digits);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** Modulo 11 of arrecadação slips (value identifiers 8 and 9): remainders 0 and 1 give 0. */
export function arrecadacaoMod11(digits: string): number {
  const rest = mod11Sum(digits);
  return rest < 2 ? 0 : 11 - rest;
}

const FACTOR_BASE = '1997-10-07';
const FACTOR_CYCLE = 9000;
// FEBRABAN's reading rule for the factor once it restarted (9999 = 21/02/2025, then 1000 =
// 22/02/2025): the due date is the one of the factor's dates that lies from 3000 days before to
// 5500 days after the day the slip is read.
const DAYS_BEFORE = 3000;
const DAYS_AFTER = 5500;

/** Due date of a fator de vencimento read on `today` (YYYY-MM-DD); null for factor 0 (no due date). */
export function dueDateFromFactor(factor: number, today: string): string | null {
  if (!Number.isInteger(factor) || factor < 1000 || factor > 9999) return null;
  let best: string | null = null;
  let bestDistance = Infinity;
  for (let offset = factor; ; offset += FACTOR_CYCLE) {
    const date = addDays(FACTOR_BASE, offset);
    const fromToday = daysBetween(today, date);
    if (fromToday >= -DAYS_BEFORE && fromToday <= DAYS_AFTER) return date;
    const distance = fromToday < 0 ? -DAYS_BEFORE - fromToday : fromToday - DAYS_AFTER;
    if (distance < bestDistance) [best, bestDistance] = [date, distance];
    if (fromToday > DAYS_AFTER) return best;
  }
}

function positive(centavos: bigint): Centavos | null {
  return centavos > 0n ? centavos : null;
}

function bankSlip(barcode: string, line: string, today: string): BankSlip | null {
  if (barcode[0] === '8' || boletoMod11(barcode.slice(0, 4) + barcode.slice(5)) !== Number(barcode[4])) return null;
  const inReais = barcode[3] === '9';
  return {
    kind: 'boleto',
    line,
    bank: barcode.slice(0, 3),
    amount: inReais ? positive(BigInt(barcode.slice(9, 19))) : null,
    dueDate: dueDateFromFactor(Number(barcode.slice(5, 9)), today),
  };
}

/** A 47-digit boleto line: three fields with modulo-10 digits, the general digit, factor and value. */
function fromBoletoLine(line: string, today: string): BankSlip | null {
  const fields = [line.slice(0, 10), line.slice(10, 21), line.slice(21, 32)];
  if (fields.some((field) => mod10(field.slice(0, -1)) !== Number(field.at(-1)))) return null;
  const barcode = line.slice(0, 4) + line[32] + line.slice(33) + line.slice(4, 9) + line.slice(10, 20) + line.slice(21, 31);
  return bankSlip(barcode, line, today);
}

function collectionSlip(barcode: string, line: string): CollectionSlip | null {
  const valueId = barcode[2];
  if (barcode[0] !== '8' || !'6789'.includes(valueId)) return null;
  const check = valueId === '6' || valueId === '7' ? mod10 : arrecadacaoMod11;
  if (check(barcode.slice(0, 3) + barcode.slice(4)) !== Number(barcode[3])) return null;
  // Identifiers 7 and 9 carry a reference quantity, not money.
  const inReais = valueId === '6' || valueId === '8';
  return { kind: 'arrecadacao', line, segment: barcode[1], amount: inReais ? positive(BigInt(barcode.slice(4, 15))) : null };
}

/** A 48-digit arrecadação line: four blocks of eleven digits, each with its check digit. */
function fromCollectionLine(line: string): CollectionSlip | null {
  if (line[0] !== '8' || !'6789'.includes(line[2])) return null;
  const check = line[2] === '6' || line[2] === '7' ? mod10 : arrecadacaoMod11;
  const blocks = [0, 12, 24, 36].map((start) => line.slice(start, start + 12));
  if (blocks.some((block) => check(block.slice(0, 11)) !== Number(block[11]))) return null;
  return collectionSlip(blocks.map((block) => block.slice(0, 11)).join(''), line);
}

/** Reads a line or barcode of 44, 47 or 48 digits (punctuation ignored); null when it does not check. */
export function readPaymentSlip(input: string, today: string): PaymentSlip | null {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 47) return fromBoletoLine(digits, today);
  if (digits.length === 48) return fromCollectionLine(digits);
  if (digits.length === 44) return digits[0] === '8' ? collectionSlip(digits, digits) : bankSlip(digits, digits, today);
  return null;
}

// Digit groups separated by dots, hyphens and blanks, as typeable lines are printed (or merged by OCR).
const DIGIT_RUN = /\d[\d. -]{40,}\d/g;

/**
 * The first valid 47- or 48-digit line in the text, looked for within each text line and then
 * across lines. A candidate starts and ends on group boundaries, so a bank code or a number printed
 * beside the line does not hide it, and a bare 44-digit number (an NF-e access key) is never read
 * as a barcode.
 */
export function findPaymentSlip(text: string, today: string): PaymentSlip | null {
  const sources = [...text.split('\n'), text.replace(/\s*\n\s*/g, ' ')];
  for (const source of sources) {
    for (const run of source.matchAll(DIGIT_RUN)) {
      const groups = run[0].split(/[. -]+/).filter(Boolean);
      for (let first = 0; first < groups.length; first++) {
        let digits = '';
        for (let last = first; last < groups.length && digits.length < 48; last++) {
          digits += groups[last];
          if (digits.length !== 47 && digits.length !== 48) continue;
          const slip = readPaymentSlip(digits, today);
          if (slip) return slip;
        }
      }
    }
  }
  return null;
}
