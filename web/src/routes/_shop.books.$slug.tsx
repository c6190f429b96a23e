// A book's own page. A slug no published book has is the not-found screen (the server has already answered 404).
import { createFileRoute, notFound } from '@tanstack/react-router';
import { booksQuery } from '../lib/books.ts';
import { BookPage } from '../features/catalog/shop/BookPage.tsx';

export const Route = createFileRoute('/_shop/books/$slug')({
  loader: async ({ context, params }) => {
    const book = (await context.queryClient.ensureQueryData(booksQuery)).find((b) => b.slug === params.slug);
    if (!book) throw notFound();
    return book;
  },
  component: function Screen() {
    return <BookPage book={Route.useLoaderData()} />;
  },
});
