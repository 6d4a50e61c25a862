import { Fn } from 'aws-cdk-lib';
import {
  CfnEIP,
  type CfnNatGateway,
  GatewayVpcEndpointAwsService,
  NatProvider,
  SecurityGroup,
  SubnetType,
  Vpc,
} from 'aws-cdk-lib/aws-ec2';
import type { NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { suppress } from '../nag';
import { Construct } from 'constructs';

/** AWS's default quota of Elastic IPs on one NAT gateway is 2 (8 on request). */
const MAX_IPS = 8;

interface EgressProps {
  /** How many Elastic IPs the NAT gateway has (the `egressIps` context; docs/operations.md sizes it). */
  ips: number;
}

/** Where a function that calls exchanges runs: the VPC's private subnets, behind the NAT gateway. */
export type Placement = Pick<NodejsFunctionProps, 'vpc' | 'vpcSubnets' | 'securityGroups'>;

/**
 * The fixed egress of the functions that call members' exchanges: Binance keys are restricted to
 * the caller's IP, and a Lambda outside a VPC has none of its own. A VPC over two AZs (the
 * functions keep running when one AZ fails) whose private subnets leave through ONE NAT gateway
 * with Elastic IP(s) that members whitelist: one shared gateway, not one per AZ, because each
 * gateway is another ~$33 a month and more IPs every member must whitelist; when its AZ fails,
 * trading pauses until it is back (docs/operations.md weighs it). DynamoDB is reached through a
 * gateway endpoint, which is free, so table traffic does not pay the NAT's per-GB charge.
 */
export class Egress extends Construct {
  readonly vpc: Vpc;
  /** The public IPs (tokens), in the order they were allocated: the first is the gateway's primary. */
  readonly ips: string[];
  readonly placement: Placement;

  constructor(scope: Construct, id: string, props: EgressProps) {
    super(scope, id);
    if (!Number.isInteger(props.ips) || props.ips < 1 || props.ips > MAX_IPS)
      throw new Error(`egressIps must be a whole number from 1 to ${MAX_IPS}, not ${props.ips}`);
    // Our own Elastic IPs (the VPC would make the primary one itself, unnamed): their addresses are
    // what members whitelist, so they are stack outputs and reach the exchange functions' settings.
    const eips = Array.from(
      { length: props.ips },
      (_, i) => new CfnEIP(this, `Ip${i + 1}`, { domain: 'vpc' }),
    );
    this.ips = eips.map((eip) => eip.attrPublicIp);
    this.vpc = new Vpc(this, 'Vpc', {
      maxAzs: 2,
      natGateways: 1,
      natGatewayProvider: NatProvider.gateway({ eipAllocationIds: [eips[0].attrAllocationId] }),
      subnetConfiguration: [
        { name: 'Public', subnetType: SubnetType.PUBLIC, cidrMask: 24 },
        { name: 'Functions', subnetType: SubnetType.PRIVATE_WITH_EGRESS, cidrMask: 20 },
      ],
      gatewayEndpoints: { DynamoDb: { service: GatewayVpcEndpointAwsService.DYNAMODB } },
      // Nothing is placed in the default security group; locking it down would add a custom
      // resource (a Lambda function and its role) to the stack for no traffic.
      restrictDefaultSecurityGroup: false,
    });
    suppress(
      'AwsSolutions-VPC7',
      'Only Lambda calls to exchanges and DynamoDB cross it; their logs and the access logs say who called what.',
      this.vpc,
    );
    // More addresses on the same gateway: more Binance request weight per minute (limits are per
    // IP), still one gateway to pay for. CDK's NAT provider takes only the primary one.
    if (eips.length > 1) {
      const gateway = this.vpc.publicSubnets[0].node.findChild('NATGateway') as CfnNatGateway;
      gateway.secondaryAllocationIds = eips.slice(1).map((eip) => eip.attrAllocationId);
    }
    const securityGroup = new SecurityGroup(this, 'Functions', {
      vpc: this.vpc,
      description: 'Trendex functions that call exchanges: outbound only',
      allowAllOutbound: true,
    });
    this.placement = {
      vpc: this.vpc,
      vpcSubnets: { subnetType: SubnetType.PRIVATE_WITH_EGRESS },
      securityGroups: [securityGroup],
    };
  }

  /** The addresses, comma-separated, as EXCHANGE_WHITELIST_IP takes them. */
  get ipList(): string {
    return Fn.join(',', this.ips);
  }
}
