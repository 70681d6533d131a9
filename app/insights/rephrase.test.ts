import { describe, expect, it } from 'vitest';
import { figuresOf, keepsFigures, llmRephraser, rephraserFromEnv } from './rephrase';
import type { InsightDraft } from './rule';

const draft: InsightDraft = {
  rule: 'expense-spike', subject: 'marketing', type: 'warning', priority: 'high', title: 'Gasto atípico em Marketing',
  content: 'Os gastos com Marketing em junho de 2025 (até 20/06/2025) somam R$ 7.440,00, 269,2% acima da mediana de R$ 2.015,00 dos 8 meses anteriores.',
  facts: {},
};

const answering = (content: string, status = 200) => (async (_url: unknown, init?: RequestInit) => {
  answering.lastBody = JSON.parse(String(init?.body));
  return new Response(JSON.stringify({ choices: [{ message: { content } }] }), { status, headers: { 'Content-Type': 'application/json' } });
}) as unknown as typeof fetch;
answering.lastBody = undefined as unknown;

describe('optional LLM rephrasing', () => {
  it('is off unless an endpoint and a model are configured', () => {
    expect(rephraserFromEnv({})).toBeNull();
    expect(rephraserFromEnv({ FLUXO_LLM_BASE_URL: 'http://localhost:11434/v1' })).toBeNull();
    expect(rephraserFromEnv({ FLUXO_LLM_BASE_URL: 'http://localhost:11434/v1', FLUXO_LLM_MODEL: 'llama3' })).toBeTypeOf('function');
  });

  it('finds the figures a rephrasing must keep', () => {
    expect(figuresOf(draft.content)).toEqual(['2025', '20/06/2025', 'R$7.440,00', '269,2%', 'R$2.015,00', '8']);
    expect(keepsFigures('R$ 10,00 e 5%', 'Foram 5% e R$ 10,00')).toBe(true);
    expect(keepsFigures('R$ 10,00 e 5%', 'Foram 5% e R$ 11,00')).toBe(false);
  });

  it('uses a rephrasing that keeps every figure', async () => {
    const content = 'Marketing gastou R$ 7.440,00 em junho de 2025 (até 20/06/2025): 269,2% acima da mediana de R$ 2.015,00 dos 8 meses anteriores.';
    const rephrase = llmRephraser({ baseUrl: 'http://llm.test/v1/', apiKey: 'k', model: 'm' }, answering(JSON.stringify({ insights: [{ i: 0, title: 'Marketing acima do normal', content }] })));
    expect(await rephrase([draft])).toEqual([{ ...draft, title: 'Marketing acima do normal', content }]);
  });

  it('keeps the original when the model changes or drops a figure', async () => {
    const wrong = 'Marketing gastou R$ 7.400,00 em junho de 2025, bem acima do normal.';
    const rephrase = llmRephraser({ baseUrl: 'http://llm.test/v1', apiKey: null, model: 'm' }, answering(`Claro! {"insights":[{"i":0,"title":"Alerta","content":"${wrong}"}]}`));
    expect(await rephrase([draft])).toEqual([draft]);
  });

  it('fails loudly on an endpoint error so the caller can fall back', async () => {
    const rephrase = llmRephraser({ baseUrl: 'http://llm.test/v1', apiKey: null, model: 'm' }, answering('', 500));
    await expect(rephrase([draft])).rejects.toThrow('LLM respondeu 500');
  });
});
