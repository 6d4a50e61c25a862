/**
 * Issue 13's fixed egress: the functions that call members' exchanges (`exchangeEgress` in
 * lib/permissions.ts) run in the VPC's private subnets and leave through one NAT gateway whose
 * Elastic IPs members whitelist; the Exchange page learns them from the functions' settings, and
 * binding there insists on Binance's IP restriction. Synthesized with every optional entry file
 * (test/infra/fixtures) and two egress IPs (`-c egressIps=3`).
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '../../lib/permissions';
import { ofType, ourFunctions, type Props, type Resource, synthesize } from './support';

const functionsDir = fileURLToPath(new URL('./fixtures/functions', import.meta.url));

let resources: Record<string, Resource>;
let outputs: Props;
beforeAll(() => {
  const synthesized = synthesize({ functionsDir }, { egressIps: 3 });
  resources = synthesized.resources;
  outputs = synthesized.template.toJSON().Outputs as Props;
}, 120_000);

const callers = Object.entries(permissions)
  .filter(([, grants]) => grants.exchangeEgress)
  .map(([name]) => name)
  .sort();
const gatewayInvokers = Object.entries(permissions)
  .filter(([, grants]) => grants.invokesExchangeGateway)
  .map(([name]) => name)
  .sort();
const eips = () => ofType(resources, 'AWS::EC2::EIP').map(([id]) => id);
const whitelist = () => ({
  'Fn::Join': [',', eips().map((id) => ({ 'Fn::GetAtt': [id, 'PublicIp'] }))],
});

describe('the fixed egress of the functions that call exchanges', () => {
  it("is the exchange gateway (the API's way to exchanges), the bot tick and the executor", () => {
    expect(callers).toEqual(['exchangeGateway', 'orderExecutor', 'schedule/botTick']);
  });

  it('is one NAT gateway holding every Elastic IP (the first as its primary), in a public subnet', () => {
    const gateways = ofType(resources, 'AWS::EC2::NatGateway');
    expect(gateways).toHaveLength(1);
    const [[, gateway]] = gateways;
    expect(eips()).toHaveLength(3);
    const [primary, ...secondary] = eips().map((id) => ({ 'Fn::GetAtt': [id, 'AllocationId'] }));
    expect(gateway.Properties!.AllocationId).toEqual(primary);
    expect(gateway.Properties!.SecondaryAllocationIds).toEqual(secondary);
    const subnet = resources[gateway.Properties!.SubnetId.Ref as string];
    expect(subnet.Properties!.MapPublicIpOnLaunch).toBe(true);
  });

  it('runs each caller in the private subnets of two AZs, which leave through that gateway', () => {
    const functions = ourFunctions(resources);
    const [[natId]] = ofType(resources, 'AWS::EC2::NatGateway');
    const [[groupId, group]] = ofType(resources, 'AWS::EC2::SecurityGroup');
    expect(group.Properties!.SecurityGroupIngress).toBeUndefined();
    for (const name of callers) {
      const config = functions.get(name)!.fn.VpcConfig;
      expect(config.SecurityGroupIds, name).toEqual([{ 'Fn::GetAtt': [groupId, 'GroupId'] }]);
      expect(config.SubnetIds, name).toHaveLength(2);
      const zones = new Set<string>();
      for (const { Ref: subnetId } of config.SubnetIds as { Ref: string }[]) {
        const subnet = resources[subnetId].Properties!;
        expect(subnet.MapPublicIpOnLaunch, name).toBe(false);
        zones.add(JSON.stringify(subnet.AvailabilityZone));
        const [[tableId]] = ofType(resources, 'AWS::EC2::SubnetRouteTableAssociation')
          .filter(([, a]) => a.Properties!.SubnetId.Ref === subnetId)
          .map(([, a]) => [a.Properties!.RouteTableId.Ref as string]);
        const defaults = ofType(resources, 'AWS::EC2::Route').filter(
          ([, r]) => r.Properties!.RouteTableId.Ref === tableId,
        );
        expect(
          defaults.map(([, r]) => r.Properties!.NatGatewayId),
          name,
        ).toEqual([{ Ref: natId }]);
      }
      expect(zones.size, name).toBe(2);
    }
    // every other function stays outside the VPC (no NAT charge on its traffic)
    for (const [name, { fn }] of functions)
      if (!callers.includes(name)) expect(fn.VpcConfig, name).toBeUndefined();
  });

  it('reaches DynamoDB from the private subnets through a gateway endpoint, not the NAT gateway', () => {
    const endpoints = ofType(resources, 'AWS::EC2::VPCEndpoint');
    expect(endpoints).toHaveLength(1);
    const [[, endpoint]] = endpoints;
    expect(endpoint.Properties!.VpcEndpointType).toBe('Gateway');
    expect(JSON.stringify(endpoint.Properties!.ServiceName)).toContain('.dynamodb');
    const privateTables = ofType(resources, 'AWS::EC2::Route')
      .filter(([, r]) => r.Properties!.NatGatewayId)
      .map(([, r]) => r.Properties!.RouteTableId);
    expect(endpoint.Properties!.RouteTableIds).toEqual(expect.arrayContaining(privateTables));
  });

  it('tells the callers and the API functions that invoke the gateway every IP to show, and to refuse keys without the IP restriction; no one else', () => {
    const told = [...callers, ...gatewayInvokers];
    expect(gatewayInvokers).toEqual(['api/bots', 'api/exchange']);
    for (const [name, { fn }] of ourFunctions(resources)) {
      const env = fn.Environment.Variables as Props;
      if (told.includes(name)) {
        expect(env.EXCHANGE_WHITELIST_IP, name).toEqual(whitelist());
        expect(env.EXCHANGE_REQUIRE_IP_RESTRICT, name).toBe('true');
      } else {
        expect(env.EXCHANGE_WHITELIST_IP, name).toBeUndefined();
        expect(env.EXCHANGE_REQUIRE_IP_RESTRICT, name).toBeUndefined();
      }
    }
  });

  it('outputs the IPs members whitelist', () => {
    expect(outputs.EgressIps.Value).toEqual(whitelist());
  });

  it('refuses an egressIps the NAT gateway cannot hold', () => {
    for (const egressIps of [0, 9, 1.5])
      expect(() => synthesize({ functionsDir }, { egressIps }), String(egressIps)).toThrow(
        /egressIps must be a whole number from 1 to 8/,
      );
  });
});
