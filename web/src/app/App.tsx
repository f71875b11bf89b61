import { createBrowserRouter, RouterProvider } from 'react-router';
import { queryClient } from '../lib/query/index.ts';
import { QueryProvider } from '../lib/query/provider.tsx';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <QueryProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryProvider>
  );
}
