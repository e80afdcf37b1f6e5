import type { OperationId } from '@assessment/sdk';

/**
 * Operations Prism cannot serve in mock mode, with the Prism limit that stops it. Each is exercised against
 * a real server instead (contract/limits.contract.ts), which must list the same ids.
 */
export const NOT_SERVED_BY_PRISM: Partial<Record<OperationId, string>> = {
  verifyTeamEmployees:
    'form-encoded array UserIds: Prism reads form arrays only from `UserIds[]` keys (stoplightio/prism#2473), the SDK sends repeated `UserIds` keys as ASP.NET model binding expects',
  verifyWizardEmployees: 'form-encoded array UserIds, as verifyTeamEmployees (stoplightio/prism#2473)',
  streamReportEvents:
    'text/event-stream: Prism sends the example as one JSON body instead of SSE frames, so no event can be read',
};
