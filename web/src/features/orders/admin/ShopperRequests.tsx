// The orders screen's Requests tab (decision 086): what shoppers asked on their order pages (to cancel before
// shipping, to return within 14 days of delivery), oldest first, each answered with a message to the shopper.
// Accepting a cancellation refunds the order in full through the refund decider, its copies back on the shelf.
import { ukDateTime } from '#contracts/shared/londonTime.ts';
import { Badge, Button, Callout, Card, Flex, Link as TextLink, Text, TextArea } from '@radix-ui/themes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { orderPageApi } from '#contracts/orders/shopperApi.ts';
import type { OpenShopperRequest } from '#contracts/orders/shopperOrder.ts';
import { maxOwnerMessageLength } from '#contracts/orders/shopperRequests.ts';
import { timings } from '#contracts/shared/constants.ts';
import { call, queryFor, serverMessage } from '../../../lib/api.ts';
import { ordersKey } from './ordersQuery.ts';

export const shopperRequestsQuery = queryOptions({
  ...queryFor(orderPageApi.requests),
  refetchInterval: timings.ordersRefreshMs,
  retry: false,
});

export const useShopperRequests = () => useQuery(shopperRequestsQuery);

function RequestCard({ request, canAnswer }: { request: OpenShopperRequest; canAnswer: boolean }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const answer = useMutation({
    mutationFn: (accepted: boolean) =>
      call(accepted ? orderPageApi.accept : orderPageApi.decline, {
        params: { id: request.orderId, requestId: request.requestId },
        body: { message, expectedRevision: request.revision },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: shopperRequestsQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: [ordersKey] });
    },
  });
  const cancel = request.kind === 'cancel';
  const fieldId = `request-message-${request.requestId}`;
  return (
    <Card size="2" asChild>
      <article aria-label={`${cancel ? 'Cancellation' : 'Return'} request for order ${request.orderNumber}`}>
        <Flex direction="column" gap="2">
          <Flex gap="2" align="center" wrap="wrap">
            <Badge highContrast color={cancel ? 'amber' : 'blue'}>
              {cancel ? 'Cancel' : 'Return'}
            </Badge>
            <TextLink asChild weight="bold">
              <Link to="/admin/orders/$orderId" params={{ orderId: request.orderId }}>
                {request.orderNumber}
              </Link>
            </TextLink>
            <Text color="gray">{request.customerName}</Text>
            <Text color="gray" size="2">
              <time dateTime={request.at}>{ukDateTime(request.at)}</time>
            </Text>
          </Flex>
          {request.reason && <Text>Reason: {request.reason}</Text>}
          {request.note && <Text>“{request.note}”</Text>}
          {canAnswer && (
            <>
              <label htmlFor={fieldId}>
                <Text size="2" weight="medium">
                  Message to the customer (optional)
                </Text>
              </label>
              <TextArea
                id={fieldId}
                value={message}
                maxLength={maxOwnerMessageLength}
                onChange={(e) => setMessage(e.target.value)}
                rows={2}
              />
              <Flex gap="2" wrap="wrap">
                <Button onClick={() => answer.mutate(true)} loading={answer.isPending && answer.variables === true}>
                  {cancel ? 'Accept: cancel and refund in full' : 'Accept the return'}
                </Button>
                <Button
                  variant="soft"
                  color="red"
                  onClick={() => answer.mutate(false)}
                  loading={answer.isPending && answer.variables === false}
                >
                  Decline
                </Button>
              </Flex>
            </>
          )}
          <div role="status" aria-live="polite">
            {answer.error && (
              <Callout.Root color="red">
                <Callout.Text>{serverMessage(answer.error) ?? answer.error.message}</Callout.Text>
              </Callout.Root>
            )}
          </div>
        </Flex>
      </article>
    </Card>
  );
}

export function ShopperRequests({ canAnswer }: { canAnswer: boolean }) {
  const requests = useShopperRequests();
  if (requests.isPending) return <Text color="gray">Loading requests...</Text>;
  if (requests.isError) return <Text color="red">{serverMessage(requests.error) ?? requests.error.message}</Text>;
  if (requests.data.requests.length === 0)
    return (
      <Card size="3">
        <Text as="p" color="gray" align="center">
          No open requests. When a customer asks to cancel or return an order, it appears here.
        </Text>
      </Card>
    );
  return (
    <Flex direction="column" gap="3">
      {requests.data.requests.map((request) => (
        <RequestCard key={request.requestId} request={request} canAnswer={canAnswer} />
      ))}
    </Flex>
  );
}

/** An order's own open request, on the owner's page of that order: answered there as on the Requests tab. */
export function OpenRequestsFor({ orderId, canAnswer }: { orderId: string; canAnswer: boolean }) {
  const requests = useShopperRequests();
  const open = requests.data?.requests.filter((request) => request.orderId === orderId) ?? [];
  if (open.length === 0) return null;
  return (
    <Flex direction="column" gap="3">
      {open.map((request) => (
        <RequestCard key={request.requestId} request={request} canAnswer={canAnswer} />
      ))}
    </Flex>
  );
}
