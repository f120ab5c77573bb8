/** `/accounts/:accountId/users` + {accountId: 'VA-1'} → `/accounts/VA-1/users`. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, key: string) => {
    const v = params[key];
    if (v === undefined) throw new Error(`Path ${path} needs ${key}`);
    return encodeURIComponent(v);
  });
}
