/** The 17 operations of the Site Content Interface (spec "Endpoints"). */
export const OPERATIONS = {
  'goods/Get': { method: 'GET', kind: 'read' },
  'goods/Set': { method: 'POST', kind: 'update' },
  'goods/Write': { method: 'POST', kind: 'create' },
  'goods/Delete': { method: 'POST', kind: 'update' },
  'goods/SkuGet': { method: 'GET', kind: 'read' },
  'goods/SkuSet': { method: 'POST', kind: 'update' },
  'goods/SkuWrite': { method: 'POST', kind: 'create' },
  'dir/Get': { method: 'GET', kind: 'read' },
  'dir/Set': { method: 'POST', kind: 'update' },
  'dir/Write': { method: 'POST', kind: 'create' },
  'article/Get': { method: 'GET', kind: 'read' },
  'article/Update': { method: 'POST', kind: 'update' },
  'article/Write': { method: 'POST', kind: 'create' },
  'meta/Get': { method: 'GET', kind: 'read' },
  'meta/Set': { method: 'POST', kind: 'update' },
  'site/DomainDefault': { method: 'GET', kind: 'read' },
  'site/DomainAll': { method: 'GET', kind: 'read' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; kind: 'read' | 'update' | 'create' }>;

export type OperationName = keyof typeof OPERATIONS;

export function isWrite(op: OperationName): boolean {
  return OPERATIONS[op].kind !== 'read';
}

export function isCreate(op: OperationName): boolean {
  return OPERATIONS[op].kind === 'create';
}
