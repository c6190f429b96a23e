import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/storefront/LandingPage.tsx';
import { booksQuery } from '../lib/books.ts';

export const Route = createFileRoute('/app')({
  // The landing page under its second address (spec §2).
  loader: ({ context }) => void context.queryClient.prefetchQuery(booksQuery),
  component: LandingPage,
});
