// The words of the Investimentos screen (spec §3): types and risk levels are stored as shown.

export type InvestmentType = 'Renda Fixa' | 'Renda Variável' | 'Fundos' | 'Tesouro Direto' | 'Criptomoedas';
export type InvestmentRisk = 'Baixo' | 'Médio' | 'Alto';

/** An investment as the API sends it; amounts are decimal strings, currentValue null until recorded. */
export interface Investment {
  id: string;
  name: string;
  type: InvestmentType;
  amount: string;
  currentValue: string | null;
  valueAsOf: string | null;
  gain: string;
  returnPercent: number;
  expectedReturn: string;
  duration: string;
  risk: InvestmentRisk;
  description: string | null;
  maturityDate: string | null;
}

export interface PortfolioSummary {
  totalInvested: string;
  currentValue: string;
  totalGain: string;
  returnPercent: number;
  allocation: { type: InvestmentType; amount: string; percent: number }[];
  nextMaturities: { id: string; name: string; type: InvestmentType; maturityDate: string; daysUntil: number; label: string }[];
}

const types: InvestmentType[] = ['Renda Fixa', 'Renda Variável', 'Fundos', 'Tesouro Direto', 'Criptomoedas'];
const risks: InvestmentRisk[] = ['Baixo', 'Médio', 'Alto'];
export const typeChoices = types.map((t) => ({ id: t, name: t }));
export const riskChoices = risks.map((r) => ({ id: r, name: r }));

export const riskColors: Record<InvestmentRisk, 'success' | 'warning' | 'error'> = { Baixo: 'success', Médio: 'warning', Alto: 'error' };

export const typeColors: Record<InvestmentType, string> = {
  'Renda Fixa': '#2563eb',
  'Renda Variável': '#dc2626',
  Fundos: '#7c3aed',
  'Tesouro Direto': '#16a34a',
  Criptomoedas: '#ea580c',
};

const percentFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 12.3 → '12,3%' (spec §9: return shown with 1 decimal). */
export const formatPercent = (value: number): string => `${percentFormat.format(value)}%`;
