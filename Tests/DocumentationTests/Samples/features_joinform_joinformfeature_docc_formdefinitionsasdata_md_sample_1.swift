// Written from Features/JoinForm/JoinFormFeature.docc/FormDefinitionsAsData.md (the sample at line 20) by DocumentationSampleTests: edit the markdown,
// then LIVERY_WRITE_SAMPLES=1 swift test --filter DocumentationSampleTests.
// swift-format-ignore-file
import AddressLookupFeature
import AppBarFeature
import BetchaBrand
import BrandDeclarations
import Foundation
import JoinFormFeature
import LadbrokesBrand
import LiveryComposition
import LiveryCore
import LiveryWire
import NedsBrand
import TabNZBrand
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@MainActor
func features_joinform_joinformfeature_docc_formdefinitionsasdata_md_sample_1() async throws {
    let json = """
        { "fields": [ { "name": "Mobile", "inputType": "Tel", "format": "mobile",
                        "validate": { "mandatory": true, "custom": [ { "rule": "mobile" } ] } } ] }
        """
    let definition = try FormDefinition.load(json: Data(json.utf8))
    let market = try NedsBrand.load().manifest.market   // Australia
    let traits = definition.fields[0].traits(in: market)
    print(traits.keyboard, traits.format.format("0412345678", market: market))   // phone 0412 345 678
    do {
        _ = try FormDefinition.load(json: Data(#"{ "fields": [ { "name": "Nick", "inputType": "Txt" } ] }"#.utf8))
    } catch {
        print(error)   // field 'Nick': unknown inputType 'Txt' (did you mean 'Text'?); known: Tel, Password, …
    }
}
