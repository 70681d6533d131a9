import { describe, expect, it } from 'vitest';
import { acceptedCorrelationId, safeError } from './log-safety';

describe('safeError', () => {
  it('keeps what helps (type, message, SQLSTATE, constraint) and drops the row data PostgreSQL adds', () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "unique_keys_pkey"'), {
      code: '23505', constraint: 'unique_keys_pkey', table: 'unique_keys',
      detail: 'Key (scope, value)=(email, ana@empresa.com.br) already exists.',
      where: 'SQL statement "INSERT …"',
    });
    const wrapped = Object.assign(new Error('Query violates a unique integrity constraint.'), { cause: pgError, values: ['ana@empresa.com.br', 'segredo1'] });
    const logged = JSON.stringify(safeError(wrapped));
    expect(logged).toContain('23505');
    expect(logged).toContain('unique_keys_pkey');
    expect(logged).not.toContain('ana@empresa.com.br');
    expect(logged).not.toContain('segredo1');
  });

  it('blanks row values that PostgreSQL writes into the message itself', () => {
    const error = new Error('new row violates check constraint: Failing row contains (1, Ana, 123.456.789-00).');
    expect(JSON.stringify(safeError(error))).not.toContain('123.456.789-00');
  });
});

describe('acceptedCorrelationId', () => {
  it('takes UUIDs only', () => {
    expect(acceptedCorrelationId('3F2504E0-4F89-11D3-9A0C-0305E82C3301')).toBe('3f2504e0-4f89-11d3-9a0c-0305e82c3301');
    expect(acceptedCorrelationId('abc')).toBeNull();
    expect(acceptedCorrelationId('3f2504e0-4f89-11d3-9a0c-0305e82c3301\nforged')).toBeNull();
    expect(acceptedCorrelationId(['3f2504e0-4f89-11d3-9a0c-0305e82c3301'])).toBeNull();
  });
});
