/** React DOM on its own, one of the steps in which src/main.tsx evaluates the app's code. */
export { createRoot, hydrateRoot } from 'react-dom/client';
