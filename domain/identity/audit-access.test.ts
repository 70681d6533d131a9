import { describe, expect, it } from 'vitest';
import { auditAccessFor, auditAccessRefusal } from './audit-access';
import { redactForTrail, SECRET_REMOVED } from './impersonation-trail';

describe('auditor access window', () => {
  const window = { validFrom: '2026-03-10', validUntil: '2026-03-13' };

  it('is open from the first to the last day in São Paulo, both included', () => {
    expect(auditAccessRefusal(window, new Date('2026-03-10T03:00:00Z'))).toBeNull();
    expect(auditAccessRefusal(window, new Date('2026-03-14T02:59:59Z'))).toBeNull();
    expect(auditAccessRefusal(window, new Date('2026-03-10T02:59:59Z'))).toBe('Seu acesso de auditor começa em 10/03/2026.');
    expect(auditAccessRefusal(window, new Date('2026-03-14T03:00:00Z'))).toMatch(/^Seu acesso de auditor expirou em 13\/03\/2026\./);
    expect(auditAccessRefusal(null, new Date())).toMatch(/sem período definido/);
  });

  it('is required for an auditor, in order, and dropped for any other role', () => {
    expect(() => auditAccessFor('auditor', null)).toThrow('Informe o período de acesso do auditor');
    expect(() => auditAccessFor('auditor', { validFrom: '2026-03-10', validUntil: '2026-03-09' })).toThrow('A data final do acesso deve ser igual ou posterior à data inicial');
    expect(auditAccessFor('auditor', window)).toEqual(window);
    expect(auditAccessFor('user', window)).toBeNull();
  });
});

describe('impersonation trail redaction', () => {
  it('removes secrets and file bytes, keeps what the request asked for', () => {
    const pdf = `data:application/pdf;base64,${'A'.repeat(400)}`;
    expect(redactForTrail({
      description: 'Aluguel', amount: '1500.00', password: 'x', currentPassword: 'y', token: 'z', attachmentUrl: pdf,
      ofxContent: 'OFXHEADER:100', nested: { apiKey: 'k', note: 'ok', items: [{ refreshToken: 't' }] }, logoData: '',
    })).toEqual({
      description: 'Aluguel', amount: '1500.00', password: SECRET_REMOVED, currentPassword: SECRET_REMOVED, token: SECRET_REMOVED,
      attachmentUrl: `[removido: arquivo de ${pdf.length} caracteres]`, ofxContent: '[removido: arquivo de 13 caracteres]',
      nested: { apiKey: SECRET_REMOVED, note: 'ok', items: [{ refreshToken: SECRET_REMOVED }] }, logoData: '',
    });
    expect(redactForTrail({ q: 'aluguel', range: '[0,9]' })).toEqual({ q: 'aluguel', range: '[0,9]' });
    expect(String(redactForTrail({ note: 'x'.repeat(5000) }) && (redactForTrail({ note: 'x'.repeat(5000) }) as { note: string }).note)).toMatch(/4800 caracteres omitidos/);
  });
});
