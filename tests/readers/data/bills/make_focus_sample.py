#!/usr/bin/env python3
"""Writes focus-1.0-sample-small.csv: a FOCUS 1.0 export of several providers, in the layout of the
FinOps Foundation's published sample (its 44 columns in that order, no x_ columns, NULL written
unquoted for an empty field, numbers unquoted and every text quoted, an Id column, tags as a JSON
map). Every account, resource, SKU and amount is invented. tests/reports/reconcile_test.cpp reads
it; its counts:
  24 rows: 17 AWS (16 Usage, 1 Credit of -3.75, One-Time, with no consumed quantity),
           4 Microsoft (Usage), 3 Oracle (1 Usage and 2 Adjustment, "Usage-based" in lower case,
           RegionId NULL).
  AWS usage outside us-east-1 and us-west-2: 2 rows (ap-south-1, eu-central-1).
  No row is a trn1.32xlarge instance hour.
Run from this folder: python3 make_focus_sample.py"""
import csv
import pathlib

COLUMNS = ["AvailabilityZone", "BilledCost", "BillingAccountId", "BillingAccountName",
           "BillingCurrency", "BillingPeriodEnd", "BillingPeriodStart", "ChargeCategory",
           "ChargeClass", "ChargeDescription", "ChargeFrequency", "ChargePeriodEnd",
           "ChargePeriodStart", "CommitmentDiscountCategory", "CommitmentDiscountId",
           "CommitmentDiscountName", "CommitmentDiscountStatus", "CommitmentDiscountType",
           "ConsumedQuantity", "ConsumedUnit", "ContractedCost", "ContractedUnitPrice",
           "EffectiveCost", "InvoiceIssuerName", "ListCost", "ListUnitPrice", "PricingCategory",
           "PricingQuantity", "PricingUnit", "ProviderName", "PublisherName", "RegionId",
           "RegionName", "ResourceId", "ResourceName", "ResourceType", "ServiceCategory", "Id",
           "ServiceName", "SkuId", "SkuPriceId", "SubAccountId", "SubAccountName", "Tags"]
NUMBERS = {"BilledCost", "ConsumedQuantity", "ContractedCost", "ContractedUnitPrice",
           "EffectiveCost", "ListCost", "ListUnitPrice", "PricingQuantity"}
REGIONS = {"us-east-1": "US East (N. Virginia)", "us-west-2": "US West (Oregon)",
           "ap-south-1": "Asia Pacific (Mumbai)", "eu-central-1": "Europe (Frankfurt)",
           "eastus": "East US", "eastus2": "East US 2"}
ISSUER = {"AWS": "Amazon Web Services, Inc.", "Microsoft": "Microsoft",
          "Oracle": "Oracle Corporation"}
ACCOUNTS = [("408215937761", "Harbor Lantern"), ("731904482650", "Quarry Finch")]


def row(n, provider, category, service, service_category, description, region, hour, cost,
        quantity, unit, unit_price, sku, resource="NULL", frequency="Usage-Based", commitment=None,
        tags=None, resource_type="NULL"):
    """One row, its costs consistent: ListCost = ListUnitPrice x PricingQuantity; the billed and
    effective costs the list cost unless a commitment covers the row."""
    account, account_name = ACCOUNTS[n % 2]
    start = f"2025-06-{10 + n % 15:02d} {hour:02d}:00:00"
    end = f"2025-06-{10 + n % 15:02d} {hour + 1:02d}:00:00"
    effective = cost if commitment is None else commitment[1]
    r = {
        "AvailabilityZone": "NULL", "BilledCost": cost, "BillingAccountId": "590127346688",
        "BillingAccountName": "Kestrel Works", "BillingCurrency": "USD",
        "BillingPeriodEnd": "2025-07-01 00:00:00", "BillingPeriodStart": "2025-06-01 00:00:00",
        "ChargeCategory": category, "ChargeClass": "NULL", "ChargeDescription": description,
        "ChargeFrequency": frequency, "ChargePeriodEnd": end, "ChargePeriodStart": start,
        "CommitmentDiscountCategory": "NULL", "CommitmentDiscountId": "NULL",
        "CommitmentDiscountName": "NULL", "CommitmentDiscountStatus": "NULL",
        "CommitmentDiscountType": "NULL", "ConsumedQuantity": quantity, "ConsumedUnit": unit,
        "ContractedCost": "0.00000000000", "ContractedUnitPrice": "0.00000000000",
        "EffectiveCost": effective, "InvoiceIssuerName": ISSUER[provider], "ListCost": cost,
        "ListUnitPrice": unit_price, "PricingCategory": "Standard",
        "PricingQuantity": quantity if quantity != "NULL" else "0.00000000000",
        "PricingUnit": unit if unit != "NULL" else "Hours", "ProviderName": provider,
        "PublisherName": ISSUER[provider], "RegionId": region,
        "RegionName": REGIONS.get(region, "NULL"), "ResourceId": resource, "ResourceName": "NULL",
        "ResourceType": resource_type, "ServiceCategory": service_category, "Id": str(40101 + n),
        "ServiceName": service, "SkuId": sku,
        "SkuPriceId": f"{sku}.JRTCKXETXF.6YS6EN2CT7" if provider == "AWS" else "NULL",
        "SubAccountId": account, "SubAccountName": account_name,
        "Tags": tags if tags is not None else
        '{"application": "ledger-sync", "environment": "prod"}',
    }
    if commitment is not None:
        r.update({"CommitmentDiscountCategory": "Spend", "CommitmentDiscountId": commitment[0],
                  "CommitmentDiscountStatus": "Used", "CommitmentDiscountType": "Savings Plan",
                  "PricingCategory": "Committed", "BilledCost": "0.00000000000",
                  "AvailabilityZone": "us-west-2a"})
    return r


def rows():
    ec2, s3 = "Amazon Elastic Compute Cloud", "Amazon Simple Storage Service"
    plan = "arn:aws:savingsplans::590127346688:savingsplan/6c2f0e1a-8d4b-4f7e-9a31-52b7c0de9f14"
    out = [
        row(0, "AWS", "Usage", "Amazon Simple Queue Service", "Integration",
            "$0.40 per million Amazon SQS standard requests in Tier1 in US West (Oregon)",
            "us-west-2", 3, "0.00000120000", "3.000000000000000", "Requests", "0.0000004",
            "K3QW8ZJD2RXV6PNA", "arn:aws:sqs:us-west-2:408215937761:invoice-events"),
        row(1, "AWS", "Usage", "Elastic Load Balancing", "Networking",
            "$0.008 per used Application load balancer capacity unit-hour (or partial hour)",
            "us-west-2", 4, "0.00002400000", "0.003000000000000", "LCU-Hours", "0.008",
            "M7TB4HCX9KLE2WQS", "arn:aws:elasticloadbalancing:us-west-2:731904482650:"
            "loadbalancer/app/ledger-web/4f1c9e2b7a6d3e05"),
        row(2, "AWS", "Usage", ec2, "Networking",
            "$0.00 per GB - US West (Oregon) data transfer from Europe (Frankfurt)", "us-west-2",
            5, "0.00000000000", "0.000512000000000", "GB", "0", "P2VN6XGD8TJC4HMB"),
        row(3, "AWS", "Usage", ec2, "Networking",
            "$0.045 per GB Data Processed by NAT Gateways", "ap-south-1", 6, "0.00004500000",
            "0.001000000000000", "GB", "0.045", "R9DK3WFL5QZA7XTE",
            "arn:aws:ec2:ap-south-1:731904482650:natgateway/nat-0b4e6d2f9a1c73e58"),
        row(4, "AWS", "Usage", ec2, "Compute",
            "$0.0832 per On Demand Linux t3.large Instance Hour", "us-east-1", 7,
            "0.08320000000", "1.000000000000000", "Hours", "0.0832", "H6XP2MCW4BNQ8RJT",
            "i-0d2c4b6a8e9f10357", resource_type="instance"),
        row(5, "AWS", "Usage", ec2, "Compute",
            "$0.192 per On Demand Linux m6i.xlarge Instance Hour", "us-west-2", 8,
            "0.19200000000", "1.000000000000000", "Hours", "0.192", "T4JF7QKB3ZWM9DLC",
            "i-0a7e5c3b1d9f24680", commitment=(plan, "0.12060000000"),
            resource_type="instance"),
        row(6, "AWS", "Usage", s3, "Storage",
            "$0.023 per GB - first 50 TB / month of storage used", "us-east-1", 0,
            "0.00046000000", "0.020000000000000", "GB-Months", "0.023", "B5LZ8NVQ2TKX6WHG",
            "ledger-archive-590127"),
        row(7, "AWS", "Usage", s3, "Storage",
            "$0.005 per 1,000 PUT, COPY, POST, or LIST requests", "us-east-1", 1,
            "0.00006000000", "12.000000000000000", "Requests", "0.000005", "W8CN3RJH6PXD2FKV",
            "ledger-archive-590127"),
        row(8, "AWS", "Usage", ec2, "Storage",
            "$0.08 per GB-month of General Purpose (gp3) provisioned storage - US West (Oregon)",
            "us-west-2", 2, "0.00320000000", "0.040000000000000", "GB-Months", "0.08",
            "E3GT9LWB7MZC5QRN", "vol-0e6a2c8d4b1f35790", resource_type="volume"),
        row(9, "AWS", "Usage", "AmazonCloudWatch", "Management and Governance",
            "$0.30 per metric-month - first 10,000 metrics", "us-east-1", 9, "0.00041000000",
            "0.001366666000000", "Metrics", "0.3", "Q6HM2XTD8KVB4JLW"),
        row(10, "AWS", "Usage", "AWS Lambda", "Compute",
            "AWS Lambda - Total Requests - EU (Frankfurt)", "eu-central-1", 10, "0.00000400000",
            "20.000000000000000", "Requests", "0.0000002", "N4BR7KZG3WQJ9TCX",
            "arn:aws:lambda:eu-central-1:408215937761:function:ledger-rollup"),
        row(11, "AWS", "Usage", "Amazon Relational Database Service", "Databases",
            "$0.072 per RDS db.t3.medium instance hour (or partial hour) running PostgreSQL",
            "us-east-1", 11, "0.07200000000", "1.000000000000000", "Hours", "0.072",
            "J2WD5PNX8RLF3MHQ", "arn:aws:rds:us-east-1:731904482650:db:ledger-main",
            resource_type="db"),
        row(12, "AWS", "Usage", "Amazon DynamoDB", "Databases",
            "$0.625 per million write request units (us-west-2)", "us-west-2", 12,
            "0.00000625000", "10.000000000000000", "Units", "0.000000625", "F9KX4QTM6BCZ2VPL",
            "arn:aws:dynamodb:us-west-2:408215937761:table/ledger-index"),
        row(13, "AWS", "Usage", "AWS Key Management Service", "Security",
            "$0.03 per 10,000 requests", "us-west-2", 13, "0.00001500000",
            "5.000000000000000", "API Requests", "0.000003", "Z7CL3HWR9DNT5KGB"),
        row(14, "AWS", "Usage", "Amazon EventBridge", "Integration",
            "$1.00 per million custom events", "us-east-1", 14, "0.00000800000",
            "8.000000000000000", "Events", "0.000001", "V2PG6JMX4HRK8QDT"),
        row(15, "AWS", "Usage", "AmazonCloudWatch", "Management and Governance",
            "$0.50 per GB - data ingested", "us-east-1", 15, "0.00010000000",
            "0.000200000000000", "GB", "0.5", "S8TN5BKQ2WLH7ZCM", tags="NULL"),
        row(16, "AWS", "Credit", ec2, "Compute",
            "AWS Promotional Credit applied to usage in June 2025", "us-east-1", 16,
            "-3.75000000000", "NULL", "NULL", "0", "D4MJ9RCT6XGB3WKP", frequency="One-Time",
            tags="NULL"),
        row(17, "Microsoft", "Usage", "Virtual Machines", "Compute",
            "D4s v5 Linux virtual machine hour", "eastus", 17, "0.19200000000",
            "1.000000000000000", "1 Hour", "0.192", "DZH318Z0BQ4C", "/subscriptions/"
            "3f6b2c1e-9a47-4d0e-8b5c-27e1f0a9d364/resourceGroups/ledger/providers/"
            "Microsoft.Compute/virtualMachines/ledger-vm-01"),
        row(18, "Microsoft", "Usage", "Storage", "Storage",
            "Hot LRS data stored", "eastus", 18, "0.00103950000", "0.055000000000000",
            "1 GB/Month", "0.0189", "DZH318Z0BPVW"),
        row(19, "Microsoft", "Usage", "Bandwidth", "Networking",
            "Data transfer out from East US 2", "eastus2", 19, "0.00087000000",
            "0.010000000000000", "1 GB", "0.087", "DZH318Z0BNVX"),
        row(20, "Microsoft", "Usage", "Azure Monitor", "Management and Governance",
            "Log data ingestion", "eastus", 20, "0.00276000000", "0.001200000000000", "1 GB",
            "2.3", "DZH318Z0BNK5"),
        row(21, "Oracle", "Usage", "COMPUTE", "Compute", "Standard - E4 - OCPU", "NULL", 21,
            "0.20000000000", "8.000000000000000", "OCPU Hours", "0.025", "B93113",
            "ocid1.instance.oc1.phx.anyhqljtledger01", frequency="Usage-based"),
        row(22, "Oracle", "Adjustment", "COMPUTE", "Compute", "Standard - E4 - Memory", "NULL",
            22, "0.09600000000", "64.000000000000000", "Gigabyte Per Hour", "0.0015", "B93114",
            "ocid1.instance.oc1.phx.anyhqljtledger01", frequency="Usage-based"),
        row(23, "Oracle", "Adjustment", "BLOCK_STORAGE", "Storage",
            "Block Volume - Performance Units", "NULL", 22, "0.00085000000",
            "0.500000000000000", "GB Months", "0.0017", "B91962",
            "ocid1.bootvolume.oc1.phx.abyhqljtledger02", frequency="Usage-based"),
    ]
    return out


def main():
    path = pathlib.Path(__file__).resolve().parent / "focus-1.0-sample-small.csv"
    with open(path, "w", newline="", encoding="utf-8") as f:
        f.write(",".join(f'"{c}"' for c in COLUMNS) + "\n")
        for r in rows():
            fields = []
            for c in COLUMNS:
                v = r[c]
                if v == "NULL" or c in NUMBERS:
                    fields.append(v)
                else:
                    fields.append('"' + v.replace('"', '""') + '"')
            f.write(",".join(fields) + "\n")


if __name__ == "__main__":
    main()
