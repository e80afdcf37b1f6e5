// Which server an operation of the contract belongs to, from its tags: the upload service (tag `upload`), the
// support-ticket service (tag `support`), else the portal API. One rule for operations.gen.ts and the calls.
export type ServiceName = 'portal' | 'upload' | 'ticket';

export function serviceOfTags(tags: readonly string[]): ServiceName {
  if (tags.includes('upload')) return 'upload';
  if (tags.includes('support')) return 'ticket';
  return 'portal';
}
