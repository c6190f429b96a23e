// The owner's catalogue (decision 077): every product with its cover, title, price, whether it is on sale and its place
// in the shop's order; an owner adds a product, edits one, hides or publishes it and moves it up or down. An auditor
// reads. Orders already placed keep their own prices and names: nothing here changes a past sale.
import { Badge, Button, Card, Flex, Heading, IconButton, Text } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { catalogueApi, type CatalogueProduct } from '#contracts/catalog/adminApi.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { AdminLink, AdminPage } from '../../../components/AdminPage.tsx';
import { ChevronDownIcon, ChevronUpIcon } from '../../../components/icons.tsx';
import { ProductImage } from '../../../components/ProductImage.tsx';
import { call } from '../../../lib/api.ts';
import { useCanChange } from '../../../lib/admin/role.ts';
import { useLogOut } from '../../../lib/session.tsx';
import { catalogueQuery } from './catalogueQuery.ts';
import { ProductForm } from './ProductForm.tsx';
import { useCatalogueChange } from './useCatalogueChange.ts';
import './catalogue.css';

/** Which form is open: none, a new product's, or a product's by id. */
type Editing = null | 'new' | number;

/** `children`: what the route shows under the products (the coming titles and their pre-orders). */
export function CatalogueScreen({ children }: { children?: ReactNode } = {}) {
  const logOut = useLogOut();
  // Fetched by the route's loader; a failure shows the route's error screen.
  const { data } = useSuspenseQuery(catalogueQuery);
  const canChange = useCanChange();
  const [editing, setEditing] = useState<Editing>(null);
  const editingProduct = typeof editing === 'number' ? data.products.find((p) => p.id === editing) : undefined;
  return (
    <AdminPage
      title="Catalogue"
      subtitle="The books and posters in the shop, in the order shoppers see them. A price change applies to checkouts from now on; orders already placed keep theirs."
      links={
        <>
          <AdminLink to="/admin/orders">Orders Dashboard</AdminLink>
          <AdminLink to="/admin/stock">Stock</AdminLink>
          <AdminLink to="/admin/vat">VAT</AdminLink>
        </>
      }
      onLogOut={logOut}
    >
      <Flex direction="column" gap="5">
        <Card size="3" asChild>
          <section aria-labelledby="catalogue-list">
            <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
              <Heading as="h2" size="4" id="catalogue-list">
                Products
              </Heading>
              {canChange && editing !== 'new' && <Button onClick={() => setEditing('new')}>Add a product</Button>}
            </Flex>
            <ProductTable products={data.products} canChange={canChange} onEdit={(id) => setEditing(id)} />
          </section>
        </Card>
        {canChange && editing !== null && (editing === 'new' || editingProduct) && (
          <Card size="3" asChild>
            <section aria-labelledby="catalogue-form-heading">
              <Heading as="h2" size="4" id="catalogue-form-heading" mb="3">
                {editingProduct ? `Edit "${editingProduct.title}"` : 'Add a product'}
              </Heading>
              <ProductForm key={editingProduct?.id ?? 'new'} product={editingProduct} onDone={() => setEditing(null)} />
            </section>
          </Card>
        )}
        {children}
      </Flex>
    </AdminPage>
  );
}

function ProductTable({
  products,
  canChange,
  onEdit,
}: {
  products: CatalogueProduct[];
  canChange: boolean;
  onEdit: (id: number) => void;
}) {
  const change = useCatalogueChange();
  const move = (index: number, by: -1 | 1) => {
    const ids = products.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    change.mutate(() => call(catalogueApi.reorder, { body: { ids } }));
  };
  return (
    <div className="catalogue-table" tabIndex={0} role="region" aria-label="Products">
      <table>
        <caption className="visually-hidden">
          Every product in the catalogue, hidden ones too, in the shop&apos;s order
        </caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Cover</th>
            <th scope="col">Title</th>
            <th scope="col">Price</th>
            <th scope="col">In the shop</th>
            {canChange && <th scope="col">Change</th>}
          </tr>
        </thead>
        <tbody>
          {products.map((product, index) => (
            <tr key={product.id} data-testid="catalogue-row">
              <td>
                <Flex align="center" gap="1">
                  <Text>{index + 1}</Text>
                  {canChange && (
                    <>
                      <IconButton
                        size="1"
                        variant="ghost"
                        aria-label={`Move ${product.title} up`}
                        disabled={index === 0 || change.isPending}
                        onClick={() => move(index, -1)}
                      >
                        <ChevronUpIcon size={14} />
                      </IconButton>
                      <IconButton
                        size="1"
                        variant="ghost"
                        aria-label={`Move ${product.title} down`}
                        disabled={index === products.length - 1 || change.isPending}
                        onClick={() => move(index, 1)}
                      >
                        <ChevronDownIcon size={14} />
                      </IconButton>
                    </>
                  )}
                </Flex>
              </td>
              <td>
                <ProductImage
                  className="catalogue-thumb"
                  src={product.coverImage}
                  alt=""
                  width={48}
                  height={64}
                  sizes="48px"
                  loading="lazy"
                />
              </td>
              <td>
                <Text weight="medium">{product.title}</Text>
                <Text as="p" size="1" color="gray">
                  /books/{product.slug}
                </Text>
              </td>
              <td data-testid="catalogue-price">{formatPence(product.price)}</td>
              <td>{product.published ? <Badge color="green">On sale</Badge> : <Badge color="gray">Hidden</Badge>}</td>
              {canChange && (
                <td>
                  <Flex gap="2" wrap="wrap">
                    <Button
                      size="1"
                      variant="soft"
                      onClick={() => onEdit(product.id)}
                      aria-label={`Edit ${product.title}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="1"
                      variant="soft"
                      color={product.published ? 'red' : 'green'}
                      disabled={change.isPending}
                      aria-label={`${product.published ? 'Hide' : 'Publish'} ${product.title}`}
                      onClick={() =>
                        change.mutate(() =>
                          call(product.published ? catalogueApi.hide : catalogueApi.publish, {
                            params: { id: product.id },
                            body: {},
                          }),
                        )
                      }
                    >
                      {product.published ? 'Hide' : 'Publish'}
                    </Button>
                  </Flex>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
