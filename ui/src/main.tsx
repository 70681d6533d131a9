// Entry point: mounts the app into index.html's #root. A signed-out visitor on a public page gets
// the public pages' bundle; everyone else the signed-in app (react-admin). Each is its own chunk, so
// the login page does not download the app behind it.
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { hasSignedInHint, PUBLIC_PATHS } from './providers/signedInHint';

const publicVisit = PUBLIC_PATHS.has(window.location.pathname) && !hasSignedInHint();
const Root = publicVisit
  ? lazy(() => import('./public/PublicApp'))
  : lazy(() => import('./App').then((module) => ({ default: module.App })));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>
      <Root />
    </Suspense>
  </StrictMode>,
);
