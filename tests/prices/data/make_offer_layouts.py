#!/usr/bin/env python3
"""Writes four small offer files in layouts of the AWS Price List that trncost's readers must take
without a false refusal (tests/prices/offer_rules_test.cpp and contradictions_test.cpp read them).
SKUs, prices and descriptions are invented; the layouts (keys, columns, spellings) are AWS's.

ec2-us-west-2-location-only-2018.json, an EC2 offer file as published in 2018: products name their
region by `location` only ("US West (Oregon)"), with no `regionCode` and no `marketoption`.
  products (6): 4 "Compute Instance" (3 in US West (Oregon): Shared Linux c5.xlarge, Dedicated
    Windows m5.2xlarge, Host Linux r4.large; 1 in US East (N. Virginia): c5.xlarge), 1 "Compute
    Instance (bare metal)" (i3.metal, Oregon), 1 "Data Transfer" (fromLocation Oregon, toLocation
    External: no location of its own).
  A filter family "Compute Instance", regionCode us-west-2, marketoption OnDemand keeps 3.
  OnDemand terms: one per product (7 lines: the transfer has two tiers) and 2 orphans.
  Reserved terms: c5.xlarge 1yr standard Partial Upfront (Upfront Fee + Hrs), c5.xlarge 1yr standard
    No Upfront (Hrs), m5.2xlarge 3yr convertible All Upfront (Upfront Fee + Hrs at "USD 0.0"): 5
    lines; and 2 orphans.
  Orphan SKUs (terms without a product, as in an excerpt): 3, one of them with an OnDemand and a
    Reserved term (4 orphan terms).
  Lines a book takes from all products: 7 + 5 = 12.

ec2-us-east-1-p4d-capacity-block.json, a current EC2 offer file (regionCode, marketoption, an empty
`attributesList`): a p4d.24xlarge OnDemand product and its Capacity Block twin (operation
RunInstances:CB) priced at 0.00; one OnDemand line each.

comprehend-ap-south-1-per-unit.csv, a CSV offer whose rows are priced per "Unit" with descriptions
in exponent notation ("USD1.0E-4 per Unit ..." at 0.0001000000), three tiers of one SKU: each row's
rate code, range and description agree, and "Unit" is not a unit of trncost's table.

database-savings-plans-ap-south-2-small.csv, a Database Savings Plans CSV (unquoted metadata, one
plan SKU, Location "Any", no Instance Family): 10 rates, of which 4 discount db.r7i.2xlarge (usage
types spell it "db.r7i.2xl", so only DiscountedInstanceType names it; Multi-AZ twice, under two
operations at one price); the others discount db.r7i.4xlarge, a family ("M7G"), a DMS instance
(dms.r7i.2xlarge, named by the usage type only), Aurora Serverless (ACU-Hr), DynamoDB requests
(ReadRequestUnits) and ElastiCache: units outside trncost's table that a filter leaves out.

Run: python3 make_offer_layouts.py  (writes the four files next to this script)."""
import csv
import io
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
DISCLAIMER = ("This pricing list is for informational purposes only. All prices are subject to "
              "the additional terms included in the pricing pages on http://aws.amazon.com. All "
              "Free Tier prices are also subject to the terms included at "
              "https://aws.amazon.com/free/")
ON_DEMAND = "JRTCKXETXF"
HOURS = "6YS6EN2CT7"
UPFRONT = "2TG2D8R56U"


def write(name, text):
    with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="") as f:
        f.write(text)


def write_json(name, doc):
    write(name, json.dumps(doc, indent=2, separators=(",", " : ")) + "\n")


def instance(sku, family, location, itype, tenancy, os_name, usage, operation, extra=None):
    attributes = {
        "servicecode": "AmazonEC2",
        "location": location,
        "locationType": "AWS Region",
        "instanceType": itype,
        "currentGeneration": "Yes",
        "instanceFamily": "General purpose",
        "vcpu": "4",
        "physicalProcessor": "Intel Xeon Family",
        "memory": "8 GiB",
        "storage": "EBS only",
        "networkPerformance": "Up to 10 Gigabit",
        "processorArchitecture": "64-bit",
        "tenancy": tenancy,
        "operatingSystem": os_name,
        "licenseModel": "License Included" if os_name == "Windows" else "No License required",
        "usagetype": usage,
        "operation": operation,
        "capacitystatus": "Used",
        "normalizationSizeFactor": "8",
        "preInstalledSw": "NA",
        "servicename": "Amazon Elastic Compute Cloud",
    }
    attributes.update(extra or {})
    return {"sku": sku, "productFamily": family, "attributes": attributes}


def line(sku, term, rate, description, unit, price, ranged=True):
    code = f"{sku}.{term}.{rate}"
    d = {"rateCode": code, "description": description}
    if ranged:
        d.update({"beginRange": "0", "endRange": "Inf"})
    d.update({"unit": unit, "pricePerUnit": {"USD": price}, "appliesTo": []})
    return code, d


def term(sku, code, effective, lines, attributes=None):
    return {f"{sku}.{code}": {
        "offerTermCode": code,
        "sku": sku,
        "effectiveDate": effective,
        "priceDimensions": dict(lines),
        "termAttributes": attributes or {},
    }}


def merge(*terms):
    out = {}
    for t in terms:
        out.update(t)
    return out


def ec2_2018():
    oregon, virginia = "US West (Oregon)", "US East (N. Virginia)"
    c5, win, host = "Q7ZK2M4RT8VN3XBA", "H3PW9TCE6YLD2KQF", "B8NX4JRV2MGS7HUC"
    metal, transfer, east = "F2TY6WQD9KCE4PLM", "N5VR8HZA3QJT6WYE", "K9DM3PXS7LBW2RGT"
    orphan_both, orphan_od, orphan_ri = "T4GC8NWX2ZEK5QVD", "Z6LQ3VBH8MRD5KYS", "E9HW2KCT4PNG7XJA"
    products = {
        c5: instance(c5, "Compute Instance", oregon, "c5.xlarge", "Shared", "Linux",
                     "USW2-BoxUsage:c5.xlarge", "RunInstances"),
        win: instance(win, "Compute Instance", oregon, "m5.2xlarge", "Dedicated", "Windows",
                      "USW2-DedicatedUsage:m5.2xlarge", "RunInstances:0002"),
        host: instance(host, "Compute Instance", oregon, "r4.large", "Host", "Linux",
                       "USW2-HostBoxUsage:r4.large", "RunInstances"),
        metal: instance(metal, "Compute Instance (bare metal)", oregon, "i3.metal", "Shared",
                        "Linux", "USW2-BoxUsage:i3.metal", "RunInstances"),
        transfer: {"sku": transfer, "productFamily": "Data Transfer", "attributes": {
            "servicecode": "AmazonEC2",
            "transferType": "AWS Outbound",
            "fromLocation": oregon,
            "fromLocationType": "AWS Region",
            "toLocation": "External",
            "toLocationType": "Other",
            "usagetype": "USW2-DataTransfer-Out-Bytes",
            "operation": "",
            "servicename": "Amazon Elastic Compute Cloud",
        }},
        east: instance(east, "Compute Instance", virginia, "c5.xlarge", "Shared", "Linux",
                       "BoxUsage:c5.xlarge", "RunInstances"),
    }
    od = "2018-04-01T00:00:00Z"

    def hourly(sku, text, price):
        return term(sku, ON_DEMAND, od, [line(sku, ON_DEMAND, HOURS, text, "Hrs", price)])

    transfer_tiers = []
    for rate, begin, end, price in [("8EEUB22XNJ", "0", "10240", "0.0870000000"),
                                    ("WDZ2GLBDNT", "10240", "Inf", "0.0830000000")]:
        code = f"{transfer}.{ON_DEMAND}.{rate}"
        transfer_tiers.append((code, {
            "rateCode": code,
            "description": f"${price[:5]} per GB - US West (Oregon) data transfer out to the "
                           "Internet",
            "beginRange": begin, "endRange": end, "unit": "GB",
            "pricePerUnit": {"USD": price}, "appliesTo": []}))
    on_demand = {
        c5: hourly(c5, "$0.183 per On Demand Linux c5.xlarge Instance Hour", "0.1830000000"),
        win: hourly(win, "$0.712 per On Demand Windows m5.2xlarge Dedicated Instance Hour",
                    "0.7120000000"),
        host: hourly(host, "$0.000 per Linux r4.large Dedicated Host Instance hour",
                     "0.0000000000"),
        metal: hourly(metal, "$5.264 per On Demand Linux i3.metal Instance Hour", "5.2640000000"),
        transfer: term(transfer, ON_DEMAND, od, transfer_tiers),
        east: hourly(east, "$0.171 per On Demand Linux c5.xlarge Instance Hour", "0.1710000000"),
        orphan_both: hourly(orphan_both, "$0.095 per On Demand Linux t2.large Instance Hour",
                            "0.0950000000"),
        orphan_od: hourly(orphan_od, "$1.064 per On Demand Linux c5.4xlarge Instance Hour",
                          "1.0640000000"),
    }
    partial, no_upfront, all_upfront = "HU7G6KETJZ", "4NA7Y494T4", "MZU6U2429S"
    one_std = {"LeaseContractLength": "1yr", "OfferingClass": "standard"}
    reserved = {
        c5: merge(
            term(c5, partial, "2017-11-30T23:59:59Z", [
                line(c5, partial, UPFRONT, "Upfront Fee", "Quantity", "512", ranged=False),
                line(c5, partial, HOURS,
                     "Linux/UNIX (Amazon VPC), c5.xlarge reserved instance applied", "Hrs",
                     "0.0580000000"),
            ], dict(one_std, PurchaseOption="Partial Upfront")),
            term(c5, no_upfront, "2017-11-30T23:59:59Z", [
                line(c5, no_upfront, HOURS,
                     "Linux/UNIX (Amazon VPC), c5.xlarge reserved instance applied", "Hrs",
                     "0.1160000000"),
            ], dict(one_std, PurchaseOption="No Upfront"))),
        win: term(win, all_upfront, "2018-03-31T23:59:59Z", [
            line(win, all_upfront, UPFRONT, "Upfront Fee", "Quantity", "9876", ranged=False),
            line(win, all_upfront, HOURS,
                 "USD 0.0 per Windows (Amazon VPC), m5.2xlarge reserved instance applied", "Hrs",
                 "0.0000000000"),
        ], {"LeaseContractLength": "3yr", "OfferingClass": "convertible",
            "PurchaseOption": "All Upfront"}),
        orphan_both: term(orphan_both, no_upfront, "2017-11-30T23:59:59Z", [
            line(orphan_both, no_upfront, HOURS,
                 "Linux/UNIX (Amazon VPC), t2.large reserved instance applied", "Hrs",
                 "0.0610000000"),
        ], dict(one_std, PurchaseOption="No Upfront")),
        orphan_ri: term(orphan_ri, partial, "2017-11-30T23:59:59Z", [
            line(orphan_ri, partial, UPFRONT, "Upfront Fee", "Quantity", "1890", ranged=False),
            line(orphan_ri, partial, HOURS,
                 "Linux/UNIX (Amazon VPC), r4.2xlarge reserved instance applied", "Hrs",
                 "0.2150000000"),
        ], dict(one_std, PurchaseOption="Partial Upfront")),
    }
    write_json("ec2-us-west-2-location-only-2018.json", {
        "formatVersion": "v1.0",
        "disclaimer": DISCLAIMER,
        "offerCode": "AmazonEC2",
        "version": "20180502182045",
        "publicationDate": "2018-05-02T18:20:45Z",
        "products": products,
        "terms": {"OnDemand": on_demand, "Reserved": reserved},
    })


def ec2_capacity_block():
    od_sku, cb_sku = "R2JX7KQW5TNC8MVD", "G6PB3YHL9DZS4RFA"
    effective = "2024-06-01T00:00:00Z"

    def p4d(sku, market, operation):
        return instance(sku, "Compute Instance", "US East (N. Virginia)", "p4d.24xlarge",
                        "Shared", "Linux", "BoxUsage:p4d.24xlarge", operation, {
                            "instanceFamily": "GPU instance",
                            "vcpu": "96",
                            "memory": "1152 GiB",
                            "storage": "8 x 1000 SSD",
                            "networkPerformance": "400 Gigabit",
                            "gpu": "8",
                            "gpuMemory": "320 GB",
                            "availabilityzone": "NA",
                            "marketoption": market,
                            "normalizationSizeFactor": "192",
                            "regionCode": "us-east-1",
                        })

    write_json("ec2-us-east-1-p4d-capacity-block.json", {
        "formatVersion": "v1.0",
        "disclaimer": DISCLAIMER,
        "offerCode": "AmazonEC2",
        "version": "20240607101500",
        "publicationDate": "2024-06-07T10:15:00Z",
        "products": {
            od_sku: p4d(od_sku, "OnDemand", "RunInstances"),
            cb_sku: p4d(cb_sku, "CapacityBlock", "RunInstances:CB"),
        },
        "terms": {"OnDemand": {
            od_sku: term(od_sku, ON_DEMAND, effective, [line(
                od_sku, ON_DEMAND, HOURS, "$31.4464 per On Demand Linux p4d.24xlarge Instance Hour",
                "Hrs", "31.4464000000")]),
            cb_sku: term(cb_sku, ON_DEMAND, effective, [line(
                cb_sku, ON_DEMAND, HOURS, "$0.00 per Capacity Block Linux p4d.24xlarge Instance Hour",
                "Hrs", "0.0000000000")]),
        }},
        "attributesList": {},
    })


def csv_text(metadata, header, rows, quoted):
    """The metadata rows, the header and the rows: every field quoted (an offer file) or only where
    needed (a Savings Plans file)."""
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_ALL if quoted else csv.QUOTE_MINIMAL,
                        lineterminator="\n")
    writer.writerows(metadata + [header] + rows)
    return out.getvalue()


def comprehend():
    sku = "U8KM4TQZ2XWD6HNB"
    header = ["SKU", "OfferTermCode", "RateCode", "TermType", "PriceDescription", "EffectiveDate",
              "StartingRange", "EndingRange", "Unit", "PricePerUnit", "Currency", "Product Family",
              "serviceCode", "Location", "Location Type", "Group", "Group Description", "usageType",
              "operation", "PlatoFeatureType", "Region Code", "serviceName"]
    rows = []
    for rate, begin, end, stated, price in [
            ("KQ8ZTM2W4X", "0", "10000000", "1.0E-4", "0.0001000000"),
            ("P3VD7NRB9L", "10000000", "50000000", "5.0E-5", "0.0000500000"),
            ("H6CY2JSE5G", "50000000", "Inf", "2.5E-5", "0.0000250000")]:
        rows.append([sku, ON_DEMAND, f"{sku}.{ON_DEMAND}.{rate}", "OnDemand",
                     f"USD{stated} per Unit for DetectSyntax:DetectSyntax in Asia Pacific (Mumbai)",
                     "2025-09-01", begin, end, "Unit", price, "USD", "Syntax Analysis",
                     "comprehend", "Asia Pacific (Mumbai)", "AWS Region",
                     "Global-Comprehend-DetectSyntax", "Syntax analysis of text, per unit of 100 "
                     "characters", "APS3-DetectSyntax", "DetectSyntax", "DetectSyntax",
                     "ap-south-1", "Amazon Comprehend"])
    metadata = [["FormatVersion", "v1.0"], ["Disclaimer", DISCLAIMER],
                ["Publication Date", "2025-10-14T08:41:27Z"], ["Version", "20251014084127"],
                ["OfferCode", "comprehend"]]
    write("comprehend-ap-south-1-per-unit.csv", csv_text(metadata, header, rows, True))


def database_savings_plans():
    plan = "P4KD7WNZ2QHX9TCE"
    header = ["SKU", "RateCode", "Unit", "EffectiveDate", "DiscountedRate", "Currency",
              "DiscountedSKU", "DiscountedServiceCode", "DiscountedUsageType",
              "DiscountedOperation", "PurchaseOption", "LeaseContractLength",
              "LeaseContractLengthUnit", "ServiceCode", "UsageType", "Operation", "Description",
              "Instance Family", "Location", "Location Type", "Granularity", "Product Family",
              "DiscountedRegionCode", "DiscountedInstanceType"]
    rates = [  # discounted SKU, unit, rate, service, usage type, operation, instance type
        ("W3TB8QKM5ZRX2NVC", "Hrs", "0.874", "AmazonRDS", "APS5-InstanceUsage:db.r7i.2xl",
         "CreateDBInstance:0002", "db.r7i.2xlarge"),
        ("J7NF2CXH9PLD4SWA", "Hrs", "1.748", "AmazonRDS", "APS5-Multi-AZUsage:db.r7i.2xl",
         "CreateDBInstance:0002", "db.r7i.2xlarge"),
        ("M5RQ9VGY3KTB8HXE", "Hrs", "1.748", "AmazonRDS", "APS5-Multi-AZUsage:db.r7i.2xl",
         "CreateDBInstance:0014", "db.r7i.2xlarge"),
        ("C2ZW6LPD8NQF3JTK", "Hrs", "1.136", "AmazonRDS",
         "APS5-InstanceUsageIOOptimized:db.r7i.2xl", "CreateDBInstance:0002", "db.r7i.2xlarge"),
        ("Y9HD4TSK2WMC7BQR", "Hrs", "1.748", "AmazonRDS", "APS5-InstanceUsage:db.r7i.4xl",
         "CreateDBInstance:0002", "db.r7i.4xlarge"),
        ("A6LX3NVR8EJZ5PWG", "Hrs", "0.3412", "AmazonRDS", "APS5-InstanceUsage:db.m7g.xl",
         "CreateDBInstance:0016", "M7G"),
        ("D8QG5MZB2HCT9KYN", "Hrs", "0.6528", "AWSDatabaseMigrationSvc",
         "APS5-InstanceUsg:dms.r7i.2xlarge", "CreateDMSInstance", ""),
        ("S4VK9BRW6GDN3XLE", "ACU-Hr", "0.1512", "AmazonRDS", "APS5-Aurora:ServerlessV2Usage",
         "CreateDBInstance:0021", ""),
        ("X7PM2FHT5QLW8CZD", "ReadRequestUnits", "0.0000001412", "AmazonDynamoDB",
         "APS5-ReadRequestUnits", "PayPerRequestThroughput", ""),
        ("L3BN8WYJ4RKE6TGS", "Hrs", "0.2276", "AmazonElastiCache",
         "APS5-NodeUsage:cache.r7g.large", "CreateCacheCluster:0001", "cache.r7g.large"),
    ]
    rows = [[plan, f"{plan}.{discounted}", unit, "2026-05-08T00:00:00Z", rate, "USD", discounted,
             service, usage, operation, "No Upfront", "1", "year", "DatabaseSavingsPlans",
             "DatabaseSP:1yrNoUpfront", "", "1 year No Upfront Database Savings Plan", "", "Any",
             "AWS Region", "hourly", "DatabaseSavingsPlans", "ap-south-2", itype]
            for discounted, unit, rate, service, usage, operation, itype in rates]
    metadata = [["FormatVersion", "v1.0"], ["Disclaimer", DISCLAIMER],
                ["Publication Date", "2026-05-12T09:30:00Z"], ["Version", "20260512093000"],
                ["OfferCode", "AmazonDatabaseSavingsPlans"]]
    write("database-savings-plans-ap-south-2-small.csv", csv_text(metadata, header, rows, False))


if __name__ == "__main__":
    ec2_2018()
    ec2_capacity_block()
    comprehend()
    database_savings_plans()
