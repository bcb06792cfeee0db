#!/usr/bin/env python3
"""Writes two AmazonEC2 offer files of the project's own making beside the flagship's us-east-1 one
(AmazonEC2-us-east-1.json, this folder), for the cheapest-region ranking and [study] regions: us-west-2 with
trn1.32xlarge at 20.64 and p5.48xlarge at 55.04, and eu-west-1 with p5.48xlarge at 61.60 and no
trn1.32xlarge at all. The prices and SKUs are invented for the tests, not AWS's; the layout, the
attributes and the region prefixes of the usage types are AWS's. Run from this folder."""
import copy
import json
import pathlib

here = pathlib.Path(__file__).resolve().parent
source = here / "AmazonEC2-us-east-1.json"
base = json.loads(source.read_text(encoding="utf-8"))

REGIONS = {
    "us-west-2": ("US West (Oregon)", "USW2", {"trn1.32xlarge": "20.6400000000",
                                               "p5.48xlarge": "55.0400000000"}),
    "eu-west-1": ("EU (Ireland)", "EU", {"p5.48xlarge": "61.6000000000"}),
}

for region, (location, prefix, prices) in REGIONS.items():
    offer = copy.deepcopy(base)
    offer["version"] = "20261001000000"
    offer["publicationDate"] = "2026-10-01T00:00:00Z"
    products, terms = {}, {}
    for sku, p in base["products"].items():
        a = p["attributes"]
        it = a.get("instanceType")
        if it is not None and it not in prices:
            continue  # not offered in this region
        new_sku = sku[:-4] + prefix[:2] + region[-1] + "X"
        q = copy.deepcopy(p)
        q["sku"] = new_sku
        q["attributes"]["location"] = location
        q["attributes"]["regionCode"] = region
        q["attributes"]["usagetype"] = prefix + "-" + a["usagetype"]
        products[new_sku] = q
        t = copy.deepcopy(base["terms"]["OnDemand"][sku])
        renamed = {}
        for code, term in t.items():
            term["sku"] = new_sku
            dims = {}
            for rate, dim in term["priceDimensions"].items():
                new_rate = new_sku + rate[len(sku):]
                dim["rateCode"] = new_rate
                if it is not None and dim["pricePerUnit"]["USD"] != "0.0000000000":
                    old = "$%.2f" % float(dim["pricePerUnit"]["USD"])
                    dim["pricePerUnit"]["USD"] = prices[it]
                    # The description states the price: it must say the new one.
                    dim["description"] = dim["description"].replace(
                        old, "$%.2f" % float(prices[it]))
                dim["description"] = dim["description"].replace("US East (N. Virginia)",
                                                                  location)
                dims[new_rate] = dim
            term["priceDimensions"] = dims
            renamed[new_sku + code[len(sku):]] = term
        terms[new_sku] = renamed
    offer["products"] = products
    offer["terms"] = {"OnDemand": terms}
    (here / f"AmazonEC2-{region}.json").write_text(json.dumps(offer, indent=2) + "\n",
                                                   encoding="utf-8")
