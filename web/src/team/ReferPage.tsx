import { Container, Skeleton } from '@chakra-ui/react';
import { QueryError } from '../components/QueryError';
import { useProfile } from '../lib/profile';
import { ReferAndEarn } from './ReferAndEarn';

/** /rewards: Refer and Earn, the member's referral link for either team (the bonus list is /bonus). */
export default function ReferPage() {
  const profile = useProfile();
  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      {profile.isError ? (
        <QueryError what="your referral link" error={profile.error} onRetry={() => profile.refetch()} />
      ) : profile.isPending ? (
        <Skeleton h="64" aria-busy="true" aria-label="Loading" />
      ) : (
        <ReferAndEarn username={profile.data.username} headingLevel="h1" />
      )}
    </Container>
  );
}
