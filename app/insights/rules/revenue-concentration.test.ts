import { describe, expect, it } from 'vitest';
import { monthsBefore, revenue, steadyCompany } from '../../../test-support/insight-history';
import { prepare } from '../history';
import { revenueConcentration } from './revenue-concentration';

const TODAY = '2025-06-20';

describe('revenue concentration', () => {
  it('recommends diversifying when one category brings most of the revenue', () => {
    const h = steadyCompany(TODAY);
    const big = monthsBefore(TODAY, 8).map((start) => revenue(`${start.slice(0, 8)}25`, 70_000, 'products', { description: 'Contrato de fornecimento' }));
    const [draft] = revenueConcentration.run(prepare({ ...h, revenues: [...h.revenues, ...big] }, TODAY));
    expect(draft).toMatchObject({ rule: 'revenue-concentration', subject: 'products', type: 'recommendation', priority: 'medium', title: 'Receita concentrada em Produtos' });
    expect(draft.content).toMatch(/^Produtos respondeu por 80,\d% das receitas dos últimos 6 meses \(R\$ [\d.]+,\d\d de R\$ [\d.]+,\d\d\)\. A segunda fonte, Serviços, responde por 19,\d%\./);
  });

  it('stays silent for a balanced revenue mix', () => {
    expect(revenueConcentration.run(prepare(steadyCompany(TODAY), TODAY))).toEqual([]);
  });
});
