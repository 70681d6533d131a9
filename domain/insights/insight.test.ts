import { describe, it } from 'vitest';
import { deciderSpec } from '../../test-support/decider-spec';
import { insights, type Insight, type InsightEvent } from './insight';

const given = deciderSpec(insights);
const ORG = '0190a000-0000-7000-8000-000000000001';

const insight = (id: string, overrides: Partial<Insight> = {}): Insight => ({
  insightId: id,
  organizationId: ORG,
  type: 'warning',
  title: 'Gasto atípico em Marketing',
  content: 'Os gastos com Marketing somam R$ 9.800,00.',
  priority: 'high',
  createdAt: '2025-03-20T12:00:00.000Z',
  origin: 'analysis',
  rule: 'expense-spike',
  subject: 'marketing',
  ...overrides,
});
const recorded = (i: Insight): InsightEvent => ({ type: 'InsightRecorded', data: i });
const cleared = (...ids: string[]): InsightEvent => ({ type: 'InsightsCleared', data: { organizationId: ORG, insightIds: ids } });

describe('a full analysis', () => {
  it('records the findings of a first analysis', () => {
    given([]).when({ type: 'ReplaceInsights', data: { organizationId: ORG, insights: [insight('a'), insight('b', { rule: 'overdue-revenues', subject: null })] } })
      .then([recorded(insight('a')), recorded(insight('b', { rule: 'overdue-revenues', subject: null }))]);
  });

  it('clears the current set before recording the fresh one', () => {
    given([recorded(insight('a')), recorded(insight('b'))])
      .when({ type: 'ReplaceInsights', data: { organizationId: ORG, insights: [insight('c')] } })
      .then([cleared('a', 'b'), recorded(insight('c'))]);
  });

  it('records nothing when the same analysis runs again with the same figures', () => {
    given([recorded(insight('a'))])
      .when({ type: 'ReplaceInsights', data: { organizationId: ORG, insights: [insight('a', { createdAt: '2025-03-20T15:00:00.000Z' })] } })
      .then([]);
  });

  it('replaces a finding of the same day whose figures changed', () => {
    const changed = insight('a', { content: 'Os gastos com Marketing somam R$ 10.100,00.' });
    given([recorded(insight('a'))]).when({ type: 'ReplaceInsights', data: { organizationId: ORG, insights: [changed] } })
      .then([cleared('a'), recorded(changed)]);
  });

  it('clears everything when nothing is found any more', () => {
    given([recorded(insight('a'))]).when({ type: 'ReplaceInsights', data: { organizationId: ORG, insights: [] } }).then([cleared('a')]);
    given([recorded(insight('a')), cleared('a')]).when({ type: 'ReplaceInsights', data: { organizationId: ORG, insights: [] } }).then([]);
  });
});

describe('an automatic analysis', () => {
  it('adds only findings the current set lacks, whatever day they were found', () => {
    const auto = (id: string, overrides: Partial<Insight> = {}) => insight(id, { origin: 'auto', ...overrides });
    given([recorded(insight('a'))])
      .when({ type: 'RecordAutoInsights', data: { organizationId: ORG, insights: [auto('a2'), auto('n', { subject: 'rh', title: 'Gasto atípico em RH' })] } })
      .then([recorded(auto('n', { subject: 'rh', title: 'Gasto atípico em RH' }))]);
  });

  it('finds nothing new twice', () => {
    const alert = insight('n', { origin: 'auto' });
    given([recorded(alert)]).when({ type: 'RecordAutoInsights', data: { organizationId: ORG, insights: [alert] } }).then([]);
  });
});
