import { describe, expect, it } from 'vitest';
import { parseTrustProxy, TRUST_PROXY_INVALID } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('defaults to trusting no proxy', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
  });

  it('takes a hop count or a comma list of addresses and ranges', () => {
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.0/8,::1,loopback')).toEqual(['10.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
  });

  it('refuses true (any client could pick its own address) and garbage', () => {
    expect(() => parseTrustProxy('true')).toThrow(TRUST_PROXY_INVALID);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(TRUST_PROXY_INVALID);
  });
});
