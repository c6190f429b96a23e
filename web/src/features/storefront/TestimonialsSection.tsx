// Family testimonials (spec §2): static entries with a star rating each, half stars included.
import { Card, Container, Flex, Grid, Text } from '@radix-ui/themes';
import { rating as ratingLimits } from '../../../../contracts/constants.ts';
import { shopContent } from '../../../../contracts/content.ts';
import { StarIcon } from './icons.tsx';
import { SectionHeading } from './SectionHeading.tsx';

export function Stars({ rating }: { rating: number }) {
  const stars = Array.from({ length: ratingLimits.max }, (_, i) => {
    const filled = rating - i;
    return filled >= 1 ? 'full' : filled >= 0.5 ? 'half' : 'empty';
  });
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating} out of ${ratingLimits.max}`}>
      {stars.map((fill, i) => (
        <span className="star" data-fill={fill} key={i}>
          <StarIcon className="star__empty" />
          {fill !== 'empty' && <StarIcon className="star__filled" />}
        </span>
      ))}
    </span>
  );
}

export function TestimonialsSection() {
  return (
    <section id="testimonials" className="section section--testimonials" aria-labelledby="testimonials-heading">
      <Container size="4" px="4">
        <SectionHeading id="testimonials-heading" title="Loved by Families">
          What parents and teachers tell us about reading our books at home and in class.
        </SectionHeading>
        <Grid columns={{ initial: '1', md: '3' }} gap="6">
          {shopContent.testimonials.map((testimonial) => (
            <Card size="3" key={testimonial.author} className="testimonial" asChild>
              <figure>
                <Stars rating={testimonial.rating} />
                <blockquote>
                  <Text as="p" size="3" mt="3">
                    “{testimonial.text}”
                  </Text>
                </blockquote>
                <Flex asChild direction="column" mt="4">
                  <figcaption>
                    <Text size="3" weight="bold">
                      {testimonial.author}
                    </Text>
                    <Text size="2" color="gray">
                      {testimonial.role}
                    </Text>
                  </figcaption>
                </Flex>
              </figure>
            </Card>
          ))}
        </Grid>
      </Container>
    </section>
  );
}
