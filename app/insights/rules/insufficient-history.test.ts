import { describe, expect, it } from 'vitest';
import { emptyHistory, steadyCompany } from '../../../test-support/insight-history';
import { prepare } from '../history';
import { insufficientHistory } from './insufficient-history';

const TODAY = '2025-06-20';

describe('insufficient history', () => {
  it('explains an empty or young history instead of staying silent', () => {
    expect(insufficientHistory.run(prepare(emptyHistory(), TODAY))[0]).toMatchObject({
      type: 'recommendation', priority: 'low', title: 'Histórico curto para análise',
      content: expect.stringContaining('Ainda não há receitas nem despesas registradas.'),
    });
    expect(insufficientHistory.run(prepare(steadyCompany(TODAY, 1), TODAY))[0].content).toContain('Há lançamentos apenas desde maio de 2025 (1 mês completo).');
  });

  it('says nothing once two complete months exist', () => {
    expect(insufficientHistory.run(prepare(steadyCompany(TODAY, 2), TODAY))).toEqual([]);
  });
});
