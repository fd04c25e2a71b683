internal import CHarfBuzz

/// HarfBuzz's parser for feature strings ("kern=0", "+smcp").
enum HarfBuzzFeature {
    static func parse(_ string: String) -> (tag: UInt32, value: UInt32)? {
        var feature = hb_feature_t()
        guard !string.isEmpty, hb_feature_from_string(string, Int32(string.utf8.count), &feature) != 0 else { return nil }
        return (feature.tag, feature.value)
    }
}
