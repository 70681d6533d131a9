// Guesses an expense category from pt-BR keywords, answering with a slug the organization has:
// the closest of its categories, or one of the spec's fallback slugs when none are given.
import { fold } from './text';

export type CategoryOption = { slug: string; name: string };

/** The spec's fallback expense categories, used when the organization has none. */
export const FALLBACK_CATEGORIES: CategoryOption[] = [
  { slug: 'operational', name: 'Operacional' },
  { slug: 'administrative', name: 'Administrativo' },
  { slug: 'marketing', name: 'Marketing' },
  { slug: 'technology', name: 'Tecnologia' },
  { slug: 'hr', name: 'RH' },
];

type Topic = {
  /** Words in the document that point to the topic (accent-free, lowercase, whole words). */
  keywords: string[];
  /** Words in a category's slug or name that fit the topic, best first; the last ones are fallbacks. */
  categories: string[];
};

const TOPICS: Topic[] = [
  {
    keywords: ['combustivel', 'combustiveis', 'posto', 'gasolina', 'etanol', 'alcool', 'diesel', 'gnv', 'abastecimento',
      'uber', 'taxi', '99pop', 'pedagio', 'estacionamento', 'passagem', 'passagens', 'onibus', 'rodoviaria', 'aerea',
      'companhia aerea', 'latam', 'gol linhas', 'azul linhas', 'locadora', 'transportadora', 'oficina', 'pneus'],
    categories: ['transporte', 'transport', 'combustivel', 'veiculo', 'viagem', 'viagens', 'travel', 'logistica', 'deslocamento', 'operacional', 'operational'],
  },
  {
    keywords: ['restaurante', 'padaria', 'lanchonete', 'refeicao', 'refeicoes', 'alimentacao', 'ifood', 'pizzaria',
      'churrascaria', 'cafeteria', 'cafe', 'bar', 'mercado', 'supermercado', 'hortifruti', 'acougue', 'marmitex', 'buffet'],
    categories: ['alimentacao', 'refeicao', 'refeicoes', 'food', 'meals', 'operacional', 'operational'],
  },
  {
    keywords: ['software', 'licenca', 'licencas', 'assinatura', 'saas', 'hospedagem', 'dominio', 'cloud', 'nuvem', 'aws',
      'azure', 'google cloud', 'servidor', 'informatica', 'computador', 'notebook', 'impressora', 'internet', 'provedor',
      'telecom', 'telefonia', 'celular', 'eletronicos', 'kabum', 'microsoft', 'adobe', 'github'],
    categories: ['tecnologia', 'technology', 'ti', 'software', 'informatica', 'tech'],
  },
  {
    keywords: ['publicidade', 'propaganda', 'marketing', 'anuncio', 'anuncios', 'ads', 'impulsionamento', 'grafica',
      'banner', 'panfleto', 'panfletos', 'brindes', 'outdoor', 'agencia de publicidade', 'midia'],
    categories: ['marketing', 'publicidade', 'propaganda', 'comunicacao'],
  },
  {
    keywords: ['salario', 'salarios', 'folha de pagamento', 'ferias', 'rescisao', 'beneficio', 'beneficios',
      'vale refeicao', 'vale alimentacao', 'plano de saude', 'plano odontologico', 'treinamento', 'curso', 'capacitacao',
      'recrutamento', 'fgts', 'exame admissional'],
    categories: ['rh', 'recursos humanos', 'hr', 'pessoal', 'folha', 'people', 'human resources'],
  },
  {
    // Not 'tributos' or 'icms': every NFC-e and DANFE prints them.
    keywords: ['darf', 'simples nacional', 'iptu', 'ipva', 'receita federal', 'sefaz', 'gru', 'tributo municipal',
      'orgao governamental', 'multa de transito', 'guia de recolhimento'],
    categories: ['impostos', 'tributos', 'taxes', 'tax', 'administrativo', 'administrative'],
  },
  {
    keywords: ['energia', 'eletrica', 'luz', 'enel', 'cemig', 'copel', 'cpfl', 'agua', 'saneamento', 'sabesp',
      'esgoto', 'gas', 'comgas', 'aluguel', 'condominio', 'limpeza', 'manutencao'],
    categories: ['utilidades', 'contas', 'utilities', 'infraestrutura', 'instalacoes', 'aluguel', 'operacional', 'operational'],
  },
  {
    keywords: ['papelaria', 'escritorio', 'material de escritorio', 'contabilidade', 'contador', 'honorarios',
      'advocacia', 'advogado', 'cartorio', 'correios', 'sedex', 'consultoria', 'seguradora', 'apolice', 'tarifa bancaria'],
    categories: ['administrativo', 'administrative', 'escritorio', 'office', 'servicos'],
  },
  {
    keywords: ['fornecedor', 'mercadoria', 'mercadorias', 'materia prima', 'atacado', 'atacadista', 'distribuidora', 'revenda'],
    categories: ['fornecedores', 'suppliers', 'compras', 'estoque', 'mercadorias', 'operacional', 'operational'],
  },
];

/** One regex per topic, built once: its keywords as whole words. */
const TOPIC_PATTERNS = TOPICS.map((topic) => new RegExp(`(?<![\\p{L}\\d])(?:${topic.keywords.join('|')})(?![\\p{L}\\d])`, 'gu'));

const words = (text: string) => ` ${fold(text).replace(/[^\p{L}\d]+/gu, ' ').trim()} `;

function closestCategory(topic: Topic, options: CategoryOption[]): string | null {
  const described = options.map((option) => ({ slug: option.slug, words: `${words(option.slug)}${words(option.name)}` }));
  for (const wanted of topic.categories) {
    const found = described.find((option) => option.words.includes(` ${wanted} `));
    if (found) return found.slug;
  }
  return null;
}

/**
 * The category slug the document most likely belongs to, or null when no keyword points anywhere
 * (or the organization has no category close to the topic). Words in the vendor name count triple.
 */
export function guessCategory(text: string, vendor: string | null, options: CategoryOption[] = FALLBACK_CATEGORIES): string | null {
  const body = fold(text);
  const name = fold(vendor ?? '');
  const ranked = TOPICS.map((topic, i) => ({
    topic,
    score: (body.match(TOPIC_PATTERNS[i])?.length ?? 0) + 3 * (name.match(TOPIC_PATTERNS[i])?.length ?? 0),
  }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score);
  for (const { topic } of ranked) {
    const slug = closestCategory(topic, options.length > 0 ? options : FALLBACK_CATEGORIES);
    if (slug) return slug;
  }
  return null;
}
