#!/usr/bin/env python3
"""Writes a synthetic AWS Price List EC2 offer file shaped like the real per-region one.

Layout, attribute names, AWS's own spacing ("key" : value, two-space indent), 16-character SKUs,
term and rate codes, pricePerUnit strings with 10 decimals, OnDemand and Reserved terms (1yr/3yr,
standard/convertible, No/Partial/All Upfront with the upfront fee as its own Quantity line),
Capacity Block rows priced 0.00 for ML instances, EBS and data-transfer products. Streamed out, so
the generator's memory stays small whatever the size.

    python3 benchmarks/offer_file_gen.py /tmp/ec2-synthetic.json --products 100000

Prints the file's size and how many products and terms it holds. Deterministic for a given seed.
"""
import argparse
import random
import string

DISCLAIMER = ("This pricing list is for informational purposes only. All prices are subject to the "
              "additional terms included in the pricing pages on http://aws.amazon.com. All Free "
              "Tier prices are also subject to the terms included at https://aws.amazon.com/free/")

FAMILIES = [
    # (prefix, instanceFamily, [(size, on-demand $/h in us-east-1)], priced on demand)
    ("trn1", "Machine Learning ASIC Instances", [("2xlarge", 1.34375), ("32xlarge", 21.50)], True),
    ("trn1n", "Machine Learning ASIC Instances", [("32xlarge", 24.78)], True),
    # trn2.48xlarge: only a Capacity Block row, as in the official file in Sept-Oct 2026.
    ("trn2", "Machine Learning ASIC Instances", [("48xlarge", 0.0)], False),
    ("inf2", "Machine Learning ASIC Instances", [("xlarge", 0.7582), ("8xlarge", 1.9679), ("24xlarge", 6.4906), ("48xlarge", 12.9813)], True),
    ("p4d", "GPU instance", [("24xlarge", 21.957642)], True),
    ("p5", "GPU instance", [("48xlarge", 55.04)], True),
    ("p5e", "GPU instance", [("48xlarge", 60.0)], True),
    ("g5", "GPU instance", [(s, 1.006 * 2 ** i) for i, s in enumerate(["xlarge", "2xlarge", "4xlarge", "8xlarge", "16xlarge"])], True),
    ("g6", "GPU instance", [(s, 0.8048 * 2 ** i) for i, s in enumerate(["xlarge", "2xlarge", "4xlarge", "8xlarge", "16xlarge"])], True),
]
GENERAL = ["m5", "m6i", "m7i", "m7g", "c5", "c6i", "c7i", "c7g", "r5", "r6i", "r7i", "r7g", "t3", "t4g",
           "x2idn", "i4i", "d3", "z1d", "hpc7g", "m6a", "c6a", "r6a", "m5d", "c5n", "r5b", "i3en"]
SIZES = ["large", "xlarge", "2xlarge", "4xlarge", "8xlarge", "12xlarge", "16xlarge", "24xlarge", "metal"]
OS_VARIANTS = [
    # (operatingSystem, preInstalledSw, licenseModel, operation suffix)
    ("Linux", "NA", "No License required", ""),
    ("Windows", "NA", "License Included", ":0002"),
    ("RHEL", "NA", "No License required", ":0010"),
    ("SUSE", "NA", "No License required", ":000g"),
    ("Windows", "SQL Std", "License Included", ":0006"),
    ("Windows", "SQL Web", "License Included", ":0102"),
    ("Windows", "SQL Ent", "License Included", ":0102"),
    ("Linux", "SQL Web", "No License required", ":0200"),
    ("Ubuntu Pro", "NA", "No License required", ":0g00"),
    ("Red Hat Enterprise Linux with HA", "NA", "No License required", ":1010"),
]
TENANCY = [("Shared", "BoxUsage"), ("Dedicated", "DedicatedUsage"), ("Host", "HostUsage")]
CAPACITY = ["Used", "UnusedCapacityReservation", "AllocatedCapacityReservation"]
RESERVED = [(lease, klass, purchase) for lease in ("1yr", "3yr") for klass in ("standard", "convertible")
            for purchase in ("No Upfront", "Partial Upfront", "All Upfront")]
TERM_CODES = {}

rng = random.Random(20260910)


def code(n):
    return "".join(rng.choice(string.ascii_uppercase + string.digits) for _ in range(n))


def term_code(key):
    if key not in TERM_CODES:
        TERM_CODES[key] = code(10)
    return TERM_CODES[key]


def price_text(x):
    return f"{x:.10f}"


def attributes_json(a, indent):
    pad = " " * indent
    return (",\n".join(f'{pad}"{k}" : "{v}"' for k, v in a.items()))


def instance_types():
    out = []
    for prefix, family, sizes, on_demand in FAMILIES:
        for size, price in sizes:
            out.append((f"{prefix}.{size}", family, price, True, on_demand))
    for prefix in GENERAL:
        for i, size in enumerate(SIZES):
            fam = "General purpose" if prefix[0] in "mt" else ("Compute optimized" if prefix[0] == "c" else "Memory optimized")
            out.append((f"{prefix}.{size}", fam, 0.048 * (2 ** i), False, True))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--products", type=int, default=100000)
    ap.add_argument("--region", default="us-east-1")
    ap.add_argument("--reserved-every", type=int, default=6,
                    help="Reserved terms for one compute product in N (the real file has them for most)")
    args = ap.parse_args()

    location = "US East (N. Virginia)"
    products = []  # (sku, kind, data)
    types = instance_types()
    # Compute products: every instance type x OS x tenancy x capacity status, round-robin until the
    # wanted count (ML types also get a Capacity Block product).
    # Past the first round the accelerator types are not repeated and the others get another
    # generation's name ("m5x1.large"), so that no two products share their attributes.
    variants = [(t, os_, ten, cap) for t in types for os_ in OS_VARIANTS for ten in TENANCY for cap in CAPACITY]
    compute_target = int(args.products * 0.92)
    i = 0
    while len(products) < compute_target:
        generation, k = divmod(i, len(variants))
        i += 1
        t, os_, ten, cap = variants[k]
        if not t[4]:
            continue  # no on-demand product
        if generation > 0:
            if t[1] in ("Machine Learning ASIC Instances", "GPU instance"):
                continue
            family, size = t[0].split(".")
            t = (f"{family}x{generation}.{size}",) + t[1:]
        products.append((code(16), "compute", (t, os_, ten, cap, "OnDemand")))
    for t in types:
        if t[3]:
            products.append((code(16), "compute", (t, OS_VARIANTS[0], TENANCY[0], "Used", "CapacityBlock")))
    while len(products) < args.products:
        k = len(products) % 3
        products.append((code(16), ["storage", "transfer", "ip"][k], len(products)))

    n_terms = 0
    with open(args.path, "w") as f:
        w = f.write
        w('{\n  "formatVersion" : "v1.0",\n')
        w(f'  "disclaimer" : "{DISCLAIMER}",\n')
        w('  "offerCode" : "AmazonEC2",\n  "version" : "20260910195514",\n')
        w('  "publicationDate" : "2026-09-10T19:55:14Z",\n  "products" : {\n')
        for i, (sku, kind, data) in enumerate(products):
            if kind == "compute":
                (itype, family, base, ml, _), (os_, sw, lic, opsuffix), (ten, usage), cap, market = data
                op = "RunInstances:CB" if market == "CapacityBlock" else "RunInstances" + opsuffix
                a = {"servicecode": "AmazonEC2", "location": location, "locationType": "AWS Region",
                     "instanceType": itype, "currentGeneration": "Yes", "instanceFamily": family,
                     "vcpu": str(rng.choice([2, 4, 8, 16, 32, 48, 64, 96, 128, 192])),
                     "physicalProcessor": rng.choice(["Intel Xeon Platinum 8375C (Ice Lake)", "AMD EPYC 7R13 Processor", "AWS Graviton3 Processor"]),
                     "clockSpeed": "3.5 GHz", "memory": f"{rng.choice([8, 16, 32, 64, 128, 512, 2048])} GiB",
                     "storage": "EBS only", "networkPerformance": rng.choice(["Up to 12500 Megabit", "25 Gigabit", "800 Gigabit", "3200 Gigabit"]),
                     "processorArchitecture": "64-bit", "tenancy": ten, "operatingSystem": os_,
                     "licenseModel": lic, "usagetype": f"{usage}:{itype}", "operation": op,
                     "availabilityzone": "NA", "capacitystatus": cap,
                     "classicnetworkingsupport": "false", "dedicatedEbsThroughput": "Up to 10000 Mbps",
                     "ecu": "NA", "enhancedNetworkingSupported": "Yes", "gpuMemory": "NA",
                     "intelAvxAvailable": "Yes", "intelAvx2Available": "Yes", "intelTurboAvailable": "Yes",
                     "marketoption": market, "normalizationSizeFactor": "NA", "preInstalledSw": sw,
                     "processorFeatures": "Intel AVX; Intel AVX2; Intel AVX512; Intel Turbo",
                     "regionCode": args.region, "servicename": "Amazon Elastic Compute Cloud",
                     "vpcnetworkingsupport": "true"}
                fam = "Compute Instance"
            elif kind == "storage":
                vol = rng.choice(["gp3", "gp2", "io1", "io2", "st1", "sc1", "standard"])
                a = {"servicecode": "AmazonEC2", "location": location, "locationType": "AWS Region",
                     "storageMedia": "SSD-backed", "volumeType": "General Purpose", "maxVolumeSize": "16 TiB",
                     "usagetype": f"EBS:VolumeUsage.{vol}-{data}", "operation": "", "regionCode": args.region,
                     "servicename": "Amazon Elastic Compute Cloud", "volumeApiName": vol}
                fam = "Storage"
            elif kind == "transfer":
                a = {"servicecode": "AWSDataTransfer", "transferType": "InterRegion Outbound",
                     "fromLocation": location, "fromLocationType": "AWS Region", "fromRegionCode": args.region,
                     "toLocation": "EU (Ireland)", "toLocationType": "AWS Region", "toRegionCode": "eu-west-1",
                     "usagetype": f"USE1-EU-AWS-Out-Bytes-{data}", "operation": "", "servicename": "AWS Data Transfer"}
                fam = "Data Transfer"
            else:
                a = {"servicecode": "AmazonEC2", "location": location, "locationType": "AWS Region",
                     "group": "ElasticIP:Address", "groupDescription": "Elastic IP address",
                     "usagetype": f"ElasticIP:IdleAddress-{data}", "operation": "AssociateAddressVPC",
                     "regionCode": args.region, "servicename": "Amazon Elastic Compute Cloud"}
                fam = "IP Address"
            w(f'    "{sku}" : {{\n      "sku" : "{sku}",\n      "productFamily" : "{fam}",\n'
              f'      "attributes" : {{\n{attributes_json(a, 8)}\n      }}\n    }}')
            w(",\n" if i + 1 < len(products) else "\n")
        w('  },\n  "terms" : {\n    "OnDemand" : {\n')
        od = "JRTCKXETXF"
        for i, (sku, kind, data) in enumerate(products):
            if kind == "compute":
                (itype, _, base, _, _), (os_, sw, _, _), (ten, _), cap, market = data
                p = 0.0 if market == "CapacityBlock" else base * (1.0 + 0.3 * OS_VARIANTS.index(data[1]) / 3) * (1.1 if ten != "Shared" else 1.0)
                desc = f"${p:.4f} per On Demand {os_} {itype} Instance Hour"
                unit = "Hrs"
            elif kind == "storage":
                p, desc, unit = 0.08, "$0.08 per GB-month of General Purpose (gp3) provisioned storage", "GB-Mo"
            elif kind == "transfer":
                p, desc, unit = 0.02, "$0.02 per GB - US East (N. Virginia) data transfer to EU (Ireland)", "GB"
            else:
                p, desc, unit = 0.005, "$0.005 per Idle Elastic IP Address", "Hrs"
            w(f'      "{sku}" : {{\n        "{sku}.{od}" : {{\n          "offerTermCode" : "{od}",\n'
              f'          "sku" : "{sku}",\n          "effectiveDate" : "2026-09-01T00:00:00Z",\n'
              f'          "priceDimensions" : {{\n            "{sku}.{od}.6YS6EN2CT7" : {{\n'
              f'              "rateCode" : "{sku}.{od}.6YS6EN2CT7",\n              "description" : "{desc}",\n'
              f'              "beginRange" : "0",\n              "endRange" : "Inf",\n              "unit" : "{unit}",\n'
              f'              "pricePerUnit" : {{\n                "USD" : "{price_text(p)}"\n              }},\n'
              f'              "appliesTo" : [ ]\n            }}\n          }},\n          "termAttributes" : {{ }}\n        }}\n      }}')
            n_terms += 1
            w(",\n" if i + 1 < len(products) else "\n")
        w('    },\n    "Reserved" : {\n')
        reserved = [(sku, data) for j, (sku, kind, data) in enumerate(products)
                    if kind == "compute" and data[4] == "OnDemand" and j % args.reserved_every == 0]
        for i, (sku, data) in enumerate(reserved):
            (itype, _, base, _, _), (os_, _, _, _), _, _, _ = data
            w(f'      "{sku}" : {{\n')
            for k, (lease, klass, purchase) in enumerate(RESERVED):
                tc = term_code((lease, klass, purchase))
                years = 1 if lease == "1yr" else 3
                disc = {"No Upfront": 0.62, "Partial Upfront": 0.58, "All Upfront": 0.56}[purchase] * (0.7 if years == 3 else 1.0)
                hourly = 0.0 if purchase == "All Upfront" else base * disc * (0.5 if purchase == "Partial Upfront" else 1.0)
                dims = []
                if purchase != "No Upfront":
                    upfront = round(base * disc * 8760 * years * (0.5 if purchase == "Partial Upfront" else 1.0))
                    dims.append(f'            "{sku}.{tc}.2TG2D8R56U" : {{\n              "rateCode" : "{sku}.{tc}.2TG2D8R56U",\n'
                                f'              "description" : "Upfront Fee",\n              "unit" : "Quantity",\n'
                                f'              "pricePerUnit" : {{\n                "USD" : "{upfront}"\n              }},\n'
                                f'              "appliesTo" : [ ]\n            }}')
                dims.append(f'            "{sku}.{tc}.6YS6EN2CT7" : {{\n              "rateCode" : "{sku}.{tc}.6YS6EN2CT7",\n'
                            f'              "description" : "{os_} (Amazon VPC), {itype} reserved instance applied",\n'
                            f'              "beginRange" : "0",\n              "endRange" : "Inf",\n              "unit" : "Hrs",\n'
                            f'              "pricePerUnit" : {{\n                "USD" : "{price_text(hourly)}"\n              }},\n'
                            f'              "appliesTo" : [ ]\n            }}')
                w(f'        "{sku}.{tc}" : {{\n          "offerTermCode" : "{tc}",\n          "sku" : "{sku}",\n'
                  f'          "effectiveDate" : "2026-09-01T00:00:00Z",\n          "priceDimensions" : {{\n'
                  + ",\n".join(dims) +
                  f'\n          }},\n          "termAttributes" : {{\n            "LeaseContractLength" : "{lease}",\n'
                  f'            "OfferingClass" : "{klass}",\n            "PurchaseOption" : "{purchase}"\n          }}\n        }}')
                n_terms += 1
                w(",\n" if k + 1 < len(RESERVED) else "\n")
            w("      }" + (",\n" if i + 1 < len(reserved) else "\n"))
        w('    }\n  },\n  "attributesList" : { }\n}\n')
        size = f.tell()
    print(f"{args.path}: {size} bytes ({size / 1e6:.1f} MB), {len(products)} products, {n_terms} terms")


if __name__ == "__main__":
    main()
