import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../shell/LandingPage.tsx';
import { booksQuery } from '../lib/books.ts';

export const Route = createFileRoute('/')({
  // Starts loading the books while the page's code arrives, without holding the page back for them.
  loader: ({ context }) => void context.queryClient.prefetchQuery(booksQuery),
  component: LandingPage,
});
