/** An address as the agent console shows it: the first character of the local part and the domain. */
export function maskRecipient(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '••••';
  return `${address.slice(0, 1)}••••${address.slice(at)}`;
}
