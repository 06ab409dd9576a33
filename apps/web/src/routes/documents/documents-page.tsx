import { BorrowerDocuments } from '../../features/documents/components/borrower-documents.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Documents' };

export function DocumentsPage() {
  return <BorrowerDocuments />;
}

export { DocumentsPage as Component };
