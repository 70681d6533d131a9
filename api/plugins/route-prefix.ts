/** Whether a route pattern is `prefix` itself or below it (`/api/expenses/:id` is under `/api/expenses`). */
export const routeUnder = (route: string | undefined, prefix: string): boolean =>
  !!route && (route === prefix || route.startsWith(`${prefix}/`));
