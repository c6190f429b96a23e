// Family testimonials: static entries with a star rating each, half stars included.
import { Card, Container, Flex, Grid, Text } from '@radix-ui/themes';
import { shopContent } from '#contracts/catalog/content.ts';
import { Stars } from '../../../components/Stars.tsx';
import { SectionHeading } from '../../../components/SectionHeading.tsx';

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
