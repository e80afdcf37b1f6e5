/**
 * An email address that wraps, when it must, after its "@" (or at a hyphen or dot of the domain), never inside a
 * word: "partner.member@" / "contoso-partners.example", not "partner.member@con" / "toso-…".
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at < 0) return <span className="email-address">{address}</span>;
  return (
    <span className="email-address">
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </span>
  );
}
