import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Area } from '../../domain/permissions';
import { Greeting } from '../components/Greeting';
import { AREA_PATHS, HEADER_AREAS } from './areas';

// spec 000 §2.4 default page (home hub, at /): greets the customer by name with the hour greeting and leads to the
// permitted areas. The hub's widgets (spec 002) arrive with their issues.

export interface HomePageProps {
  firstName: string | null;
  areas: readonly Area[];
  hour?: number;
}

export function HomePage({ firstName, areas, hour }: HomePageProps) {
  const { t } = useTranslation('shell');
  const destinations = HEADER_AREAS.filter((area) => area !== 'dashboard' && areas.includes(area));
  return (
    <Stack gap="lg" py="md">
      <div>
        <Greeting hour={hour} name={firstName} />
        <Text c="dimmed">{t('home.subtitle')}</Text>
      </div>
      <Title order={2} size="h4">
        {t('home.explore')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
        {destinations.map((area) => (
          <Card key={area} component={Link} to={AREA_PATHS[area]} withBorder padding="lg">
            <Text fw={600}>{t(`areas.${area}`)}</Text>
            <Text size="sm" c="dimmed">
              {t(`home.areaDescriptions.${area}`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
