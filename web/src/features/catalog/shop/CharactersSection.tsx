// Characters (anchor characters): the two children of the stories and what they are like.
import { Card, Container, Grid, Heading, Text } from '@radix-ui/themes';
import { shopContent } from '#contracts/catalog/content.ts';
import { SectionHeading } from '../../../components/SectionHeading.tsx';

export function CharactersSection() {
  return (
    <section id="characters" className="section section--characters" aria-labelledby="characters-heading">
      <Container size="4" px="4">
        <SectionHeading id="characters-heading" title="Meet the Characters">
          Brother and sister who learn, every day, what it means to be kind, brave and good to others.
        </SectionHeading>
        <Grid columns={{ initial: '1', sm: '2' }} gap="6">
          {shopContent.characters.map((character) => (
            <Card size="4" key={character.name} className="character-card">
              <img src={character.image} alt={character.imageAlt} width="200" height="200" loading="lazy" />
              <Heading as="h3" size="6" mt="3">
                {character.name}
              </Heading>
              <Text as="p" size="3" color="gray" mt="2">
                {character.description}
              </Text>
              <ul className="traits" aria-label={`What ${character.name} is like`}>
                {character.traits.map((trait) => (
                  <li key={trait}>{trait}</li>
                ))}
              </ul>
            </Card>
          ))}
        </Grid>
      </Container>
    </section>
  );
}
