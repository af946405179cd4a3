/**
 * Every /api/v1 route module, by its OpenAPI path: the integration API's own registry, separate from
 * the legacy API_ROUTE_MODULES (app/api/openapi.json/registry.ts). lib/openapi/v1-document.test.ts fails when a route file
 * under app/api/v1 is missing here. The document's own route (/api/v1/openapi.json) is added by v1-document.ts.
 */
export const V1_ROUTE_MODULES: Record<string, () => Promise<Record<string, unknown>>> = {
  '/api/v1/clients/{clientId}/prices': () => import('@/app/api/v1/clients/[clientId]/prices/route'),
  '/api/v1/credit-notes': () => import('@/app/api/v1/credit-notes/route'),
  '/api/v1/invoices/{invoiceNumber}': () => import('@/app/api/v1/invoices/[invoiceNumber]/route'),
  '/api/v1/invoices/{invoiceNumber}/credit-notes': () =>
    import('@/app/api/v1/invoices/[invoiceNumber]/credit-notes/route'),
  '/api/v1/invoices/{invoiceNumber}/void': () => import('@/app/api/v1/invoices/[invoiceNumber]/void/route'),
  '/api/v1/jobs/changes': () => import('@/app/api/v1/jobs/changes/route'),
  '/api/v1/jobs/{jmsNumber}': () => import('@/app/api/v1/jobs/[jmsNumber]/route'),
  '/api/v1/jobs/{jmsNumber}/assignee': () => import('@/app/api/v1/jobs/[jmsNumber]/assignee/route'),
  '/api/v1/jobs/{jmsNumber}/files': () => import('@/app/api/v1/jobs/[jmsNumber]/files/route'),
  '/api/v1/jobs/{jmsNumber}/status': () => import('@/app/api/v1/jobs/[jmsNumber]/status/route'),
  '/api/v1/payments': () => import('@/app/api/v1/payments/route'),
};
