/** A certificate as the renewal chain sees it: its number and the certificate it renews, if any. */
interface ChainCertificate {
  id: string;
  certificateNumber: string;
  renewsId: string | null;
}

/** Where a certificate stands in its chain, by certificate number. */
interface RenewalLinks {
  /** The certificate this one renews (the previous training cycle's). */
  renews: string | null;
  /** The certificate that renewed this one: this one is superseded by it, yet still genuine. */
  renewedBy: string | null;
}

/**
 * The renewal chain: a certificate of a later training cycle renews the previous cycle's, and the
 * renewed certificate is then superseded by its renewal. Given the certificates around the chain
 * (a person's, or one certificate with its neighbours), answers the links of any one of them;
 * numbers outside the list are unknown (null). Should two renew the same certificate, the later
 * in the list (the list is in issue order) supersedes it.
 */
export function renewalChain(certificates: readonly ChainCertificate[]): (id: string) => RenewalLinks {
  const numberById = new Map(certificates.map((c) => [c.id, c.certificateNumber]));
  const renewedBy = new Map(certificates.filter((c) => c.renewsId).map((c) => [c.renewsId!, c.certificateNumber]));
  const renewsOf = new Map(certificates.map((c) => [c.id, c.renewsId]));
  return (id) => {
    const renewsId = renewsOf.get(id);
    return { renews: renewsId ? (numberById.get(renewsId) ?? null) : null, renewedBy: renewedBy.get(id) ?? null };
  };
}
