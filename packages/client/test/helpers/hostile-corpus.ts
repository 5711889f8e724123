/**
 * The shape of a hostile-payload case: what one operation is answered, and the typed value or the
 * named error the client must give for it. The cases are in hostile-body-cases.ts and
 * hostile-record-cases.ts; hostile-payloads.test.ts runs them.
 */
import type { SiteContentClient } from '../../src/index.js';
import type { Reply } from './server.js';

/** The operations a case can be answered on. */
export type Op = 'products' | 'modifications' | 'domains' | 'create';

export interface Case {
  name: string;
  op: Op;
  reply: Reply;
  value?: (v: unknown) => void;
  error?: new (...args: never[]) => Error;
  match?: Record<string, unknown>;
}

/** The call a case makes. */
export const callOp = (client: SiteContentClient, op: Op): Promise<unknown> => {
  switch (op) {
    case 'products':
      return client.products.list();
    case 'modifications':
      return client.modifications.list({ goodsId: 12 });
    case 'domains':
      return client.site.domains();
    case 'create':
      return client.products.create({ zag: 'x' });
  }
};

/** The service operation each call is sent to. */
export const operationPath: Record<Op, string> = {
  products: 'goods/Get',
  modifications: 'goods/SkuGet',
  domains: 'site/DomainAll',
  create: 'goods/Write',
};
