import { describe, expect, it } from 'vitest';
import { renewalChain } from './renewal';

const cert = (id: string, renewsId: string | null = null) => ({ id, certificateNumber: `CERT-${id}`, renewsId });

describe('renewalChain', () => {
  it('links each certificate to the one it renews and to the renewal that supersedes it', () => {
    const links = renewalChain([cert('a'), cert('b', 'a'), cert('c', 'b')]);
    expect(links('a')).toEqual({ renews: null, renewedBy: 'CERT-b' });
    expect(links('b')).toEqual({ renews: 'CERT-a', renewedBy: 'CERT-c' });
    expect(links('c')).toEqual({ renews: 'CERT-b', renewedBy: null });
  });

  it('leaves a certificate of a first cycle with no renewal unlinked', () => {
    expect(renewalChain([cert('a')])('a')).toEqual({ renews: null, renewedBy: null });
  });

  it('knows only the numbers it is given', () => {
    // One certificate read without its neighbours: the id it renews is not a number to print.
    expect(renewalChain([cert('b', 'a')])('b')).toEqual({ renews: null, renewedBy: null });
    expect(renewalChain([cert('b', 'a')])('unknown')).toEqual({ renews: null, renewedBy: null });
  });

  it('lets the later renewal in issue order supersede, should two renew the same certificate', () => {
    expect(renewalChain([cert('a'), cert('b', 'a'), cert('c', 'a')])('a').renewedBy).toBe('CERT-c');
  });
});
