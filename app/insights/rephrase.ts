// Optional rephrasing of insight texts by a language model behind any OpenAI-compatible
// chat-completions endpoint. Off unless configured; the engine's own pt-BR texts are complete
// without it. A rephrased text is used only if it keeps every figure of the original (amounts,
// percentages, dates, counts), so the explanation stays true; otherwise the original stays.
import type { InsightDraft } from './rule';

export type Rephraser = (drafts: readonly InsightDraft[]) => Promise<InsightDraft[]>;

export type LlmConfig = { baseUrl: string; apiKey: string | null; model: string; timeoutMs?: number };

/** FLUXO_LLM_BASE_URL (e.g. https://api.openai.com/v1 or http://localhost:11434/v1), FLUXO_LLM_MODEL, FLUXO_LLM_API_KEY. */
export function rephraserFromEnv(env: NodeJS.ProcessEnv = process.env, fetchImpl: typeof fetch = fetch): Rephraser | null {
  const baseUrl = env.FLUXO_LLM_BASE_URL?.trim();
  const model = env.FLUXO_LLM_MODEL?.trim();
  if (!baseUrl || !model) return null;
  return llmRephraser({ baseUrl, model, apiKey: env.FLUXO_LLM_API_KEY?.trim() || null, timeoutMs: Number(env.FLUXO_LLM_TIMEOUT_MS) || undefined }, fetchImpl);
}

/** Every figure a person could check: R$ amounts, percentages, dates, and other numbers. */
export function figuresOf(text: string): string[] {
  return (text.match(/-?R\$\s?[\d.]+,\d{2}|\d+(?:,\d+)?%|\d{2}\/\d{2}\/\d{4}|\d+(?:[.,]\d+)*/g) ?? []).map((f) => f.replace(/\s/g, ''));
}

export function keepsFigures(original: string, rephrased: string): boolean {
  const available = figuresOf(rephrased);
  return figuresOf(original).every((figure) => {
    const at = available.indexOf(figure);
    if (at < 0) return false;
    available.splice(at, 1);
    return true;
  });
}

const PROMPT = [
  'Você reescreve alertas financeiros de uma empresa brasileira em português do Brasil, de forma clara e direta.',
  'Regras: mantenha exatamente todos os valores em R$, percentuais, datas, nomes e números; não invente fatos;',
  'título com até 80 caracteres; conteúdo com até 3 frases.',
  'Responda somente com JSON: {"insights":[{"i":<índice>,"title":"…","content":"…"}]}.',
].join(' ');

export function llmRephraser(config: LlmConfig, fetchImpl: typeof fetch = fetch): Rephraser {
  return async (drafts) => {
    if (drafts.length === 0) return [];
    const response = await fetchImpl(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        messages: [
          { role: 'system', content: PROMPT },
          { role: 'user', content: JSON.stringify({ insights: drafts.map((d, i) => ({ i, title: d.title, content: d.content })) }) },
        ],
      }),
      signal: AbortSignal.timeout(config.timeoutMs ?? 20_000),
    });
    if (!response.ok) throw new Error(`LLM respondeu ${response.status}`);
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
    const text = body.choices?.[0]?.message?.content ?? '';
    const json = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as { insights?: { i?: unknown; title?: unknown; content?: unknown }[] };
    const byIndex = new Map((json.insights ?? []).map((item) => [Number(item.i), item]));
    return drafts.map((draft, i) => {
      const item = byIndex.get(i);
      const title = typeof item?.title === 'string' ? item.title.trim() : '';
      const content = typeof item?.content === 'string' ? item.content.trim() : '';
      const valid = title.length > 0 && title.length <= 120 && content.length > 0 && content.length <= 1_200 &&
        keepsFigures(draft.title, title) && keepsFigures(draft.content, content);
      return valid ? { ...draft, title, content } : draft;
    });
  };
}
