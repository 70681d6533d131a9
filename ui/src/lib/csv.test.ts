import { describe, expect, it } from 'vitest';
import { toCsv, type CsvColumn } from './csv';

interface Goal {
  name: string;
  targetAmount: number;
  done: boolean;
  note?: string;
}

const columns: CsvColumn<Goal>[] = [
  { header: 'Nome', value: goal => goal.name },
  { header: 'Meta', value: goal => goal.targetAmount },
  { header: 'Concluída', value: goal => goal.done },
  { header: 'Observação', value: goal => goal.note },
];

describe('toCsv', () => {
  it('separates fields with ; and lines with CRLF, numbers with a decimal comma', () => {
    expect(toCsv([{ name: 'Reserva de emergência', targetAmount: 1234.5, done: false }], columns)).toBe(
      'Nome;Meta;Concluída;Observação\r\nReserva de emergência;1234,5;Não;\r\n',
    );
  });

  it('quotes fields holding the separator, quotes or line breaks', () => {
    const csv = toCsv([{ name: 'Loja; filial "Centro"', targetAmount: 1, done: true, note: 'linha 1\nlinha 2' }], columns);
    expect(csv).toBe('Nome;Meta;Concluída;Observação\r\n"Loja; filial ""Centro""";1;Sim;"linha 1\nlinha 2"\r\n');
  });

  it('defuses text Excel would run as a formula', () => {
    expect(toCsv([{ name: '=HYPERLINK("x")', targetAmount: -10, done: false }], columns)).toBe(
      'Nome;Meta;Concluída;Observação\r\n"\'=HYPERLINK(""x"")";-10;Não;\r\n',
    );
  });
});
