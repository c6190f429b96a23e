// /preorder-cancel/{token}: the one-click cancel in the e-mail that tells of a new publication date (decision 132). It
// shows the pre-order and cancels it with one press, no sign-in: the signed token is the proof. Opening the page
// changes nothing, so a mail scanner following the link cancels nothing.
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { orderPageApi } from '#contracts/orders/shopperApi.ts';
import { preOrderCancelTexts, type ShopperPreOrder } from '#contracts/preorders/cancel.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { ApiError, call, queryFor, serverMessage } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../components/useDocumentTitle.ts';
import './preorders.css';

/** The pre-ordered lines, each with the day it is published. */
export function PreOrderLines({ preOrder }: { preOrder: ShopperPreOrder }) {
  return (
    <ul className="preorder-cancel__lines">
      {preOrder.lines.map((line) => (
        <li key={line.name}>
          <Text>{preOrderCancelTexts.line(line)}</Text>
        </li>
      ))}
    </ul>
  );
}

export function PreOrderCancel({ token }: { token: string }) {
  useDocumentTitle(preOrderCancelTexts.heading);
  const shown = useQuery({ ...queryFor(orderPageApi.preOrderCancelPage, { params: { token } }), retry: false });
  const cancel = useMutation({
    mutationFn: () => call(orderPageApi.preOrderCancelByLink, { params: { token }, body: {} }),
  });
  const notFound = shown.error instanceof ApiError && shown.error.status === 404;
  const preOrder = shown.data?.preOrder;
  return (
    <div className="preorder-cancel">
      <Card size="4">
        <Flex direction="column" gap="4" align="start">
          <Heading as="h1" size="7">
            {preOrderCancelTexts.heading}
          </Heading>
          {shown.isPending && <Text as="p">Finding your pre-order…</Text>}
          {shown.isError && (
            <Text as="p" role="alert">
              {notFound ? preOrderCancelTexts.linkNotFound : (serverMessage(shown.error) ?? 'Something went wrong.')}
            </Text>
          )}
          {cancel.isSuccess ? (
            <Text as="p" role="status" size="3">
              {cancel.data.message}
            </Text>
          ) : (
            shown.data &&
            preOrder && (
              <>
                <Text as="p" size="3">
                  Order {shown.data.orderNumber}, for {shown.data.customerName}.
                </Text>
                {preOrder.lines.length > 0 && <PreOrderLines preOrder={preOrder} />}
                <Text as="p">{preOrderCancelTexts.right}</Text>
                {preOrder.cancel.allowed ? (
                  <>
                    <Text as="p" size="3">
                      Cancelling refunds {formatPence(preOrder.refund)} in full to the way you paid.
                    </Text>
                    <Button size="3" color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                      {preOrderCancelTexts.button}
                    </Button>
                    {cancel.isError && (
                      <Text as="p" role="alert" color="red">
                        {serverMessage(cancel.error) ?? 'That did not work. Please try again.'}
                      </Text>
                    )}
                  </>
                ) : (
                  <Text as="p" size="3" role="status">
                    {preOrder.cancel.why}
                  </Text>
                )}
              </>
            )
          )}
          <Button asChild variant="soft">
            <Link to="/">Return to Home</Link>
          </Button>
        </Flex>
      </Card>
    </div>
  );
}
