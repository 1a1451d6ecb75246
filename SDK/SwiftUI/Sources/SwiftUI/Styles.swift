// The system's styles: accepted, and drawn as the same elements.
public protocol ListStyle: Sendable {}
public struct PlainListStyle: ListStyle { public init() {} }
extension ListStyle where Self == PlainListStyle { public static var plain: PlainListStyle { .init() } }
public struct GroupedListStyle: ListStyle { public init() {} }
extension ListStyle where Self == GroupedListStyle { public static var grouped: GroupedListStyle { .init() } }
public struct InsetGroupedListStyle: ListStyle { public init() {} }
extension ListStyle where Self == InsetGroupedListStyle { public static var insetGrouped: InsetGroupedListStyle { .init() } }
public struct InsetListStyle: ListStyle { public init() {} }
extension ListStyle where Self == InsetListStyle { public static var inset: InsetListStyle { .init() } }
public struct SidebarListStyle: ListStyle { public init() {} }
extension ListStyle where Self == SidebarListStyle { public static var sidebar: SidebarListStyle { .init() } }
public struct DefaultListStyle: ListStyle { public init() {} }
extension ListStyle where Self == DefaultListStyle { public static var automatic: DefaultListStyle { .init() } }
extension View { public func listStyle<S: ListStyle>(_ style: S) -> some View { self } }

public protocol PickerStyle: Sendable {}
public struct MenuPickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == MenuPickerStyle { public static var menu: MenuPickerStyle { .init() } }
public struct SegmentedPickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == SegmentedPickerStyle { public static var segmented: SegmentedPickerStyle { .init() } }
public struct WheelPickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == WheelPickerStyle { public static var wheel: WheelPickerStyle { .init() } }
public struct InlinePickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == InlinePickerStyle { public static var inline: InlinePickerStyle { .init() } }
public struct NavigationLinkPickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == NavigationLinkPickerStyle { public static var navigationLink: NavigationLinkPickerStyle { .init() } }
public struct PalettePickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == PalettePickerStyle { public static var palette: PalettePickerStyle { .init() } }
public struct DefaultPickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == DefaultPickerStyle { public static var automatic: DefaultPickerStyle { .init() } }
extension View { public func pickerStyle<S: PickerStyle>(_ style: S) -> some View { self } }

public protocol ToggleStyle: Sendable {}
public struct SwitchToggleStyle: ToggleStyle { public init() {} }
extension ToggleStyle where Self == SwitchToggleStyle { public static var `switch`: SwitchToggleStyle { .init() } }
public struct ButtonToggleStyle: ToggleStyle { public init() {} }
extension ToggleStyle where Self == ButtonToggleStyle { public static var button: ButtonToggleStyle { .init() } }
public struct DefaultToggleStyle: ToggleStyle { public init() {} }
extension ToggleStyle where Self == DefaultToggleStyle { public static var automatic: DefaultToggleStyle { .init() } }
extension View { public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View { self } }

public protocol TextFieldStyle: Sendable {}
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {} }
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle { public static var roundedBorder: RoundedBorderTextFieldStyle { .init() } }
public struct PlainTextFieldStyle: TextFieldStyle { public init() {} }
extension TextFieldStyle where Self == PlainTextFieldStyle { public static var plain: PlainTextFieldStyle { .init() } }
public struct DefaultTextFieldStyle: TextFieldStyle { public init() {} }
extension TextFieldStyle where Self == DefaultTextFieldStyle { public static var automatic: DefaultTextFieldStyle { .init() } }
extension View { public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View { self } }

public protocol LabelStyle: Sendable {}
public struct IconOnlyLabelStyle: LabelStyle { public init() {} }
extension LabelStyle where Self == IconOnlyLabelStyle { public static var iconOnly: IconOnlyLabelStyle { .init() } }
public struct TitleOnlyLabelStyle: LabelStyle { public init() {} }
extension LabelStyle where Self == TitleOnlyLabelStyle { public static var titleOnly: TitleOnlyLabelStyle { .init() } }
public struct TitleAndIconLabelStyle: LabelStyle { public init() {} }
extension LabelStyle where Self == TitleAndIconLabelStyle { public static var titleAndIcon: TitleAndIconLabelStyle { .init() } }
public struct DefaultLabelStyle: LabelStyle { public init() {} }
extension LabelStyle where Self == DefaultLabelStyle { public static var automatic: DefaultLabelStyle { .init() } }
extension View { public func labelStyle<S: LabelStyle>(_ style: S) -> some View { self } }

public protocol ProgressViewStyle: Sendable {}
public struct CircularProgressViewStyle: ProgressViewStyle {
    public init() {}
    /// A circular style in `tint`: accepted, looks only.
    public init(tint: Color) {}
}
extension ProgressViewStyle where Self == CircularProgressViewStyle { public static var circular: CircularProgressViewStyle { .init() } }
public struct LinearProgressViewStyle: ProgressViewStyle { public init() {} }
extension ProgressViewStyle where Self == LinearProgressViewStyle { public static var linear: LinearProgressViewStyle { .init() } }
public struct DefaultProgressViewStyle: ProgressViewStyle { public init() {} }
extension ProgressViewStyle where Self == DefaultProgressViewStyle { public static var automatic: DefaultProgressViewStyle { .init() } }
extension View { public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View { self } }

public protocol MenuStyle: Sendable {}
public struct ButtonMenuStyle: MenuStyle { public init() {} }
extension MenuStyle where Self == ButtonMenuStyle { public static var button: ButtonMenuStyle { .init() } }
public struct DefaultMenuStyle: MenuStyle { public init() {} }
extension MenuStyle where Self == DefaultMenuStyle { public static var automatic: DefaultMenuStyle { .init() } }
extension View { public func menuStyle<S: MenuStyle>(_ style: S) -> some View { self } }

public protocol TabViewStyle: Sendable {}
public struct PageTabViewStyle: TabViewStyle { public init() {} }
extension TabViewStyle where Self == PageTabViewStyle { public static var page: PageTabViewStyle { .init() } }
public struct DefaultTabViewStyle: TabViewStyle { public init() {} }
extension TabViewStyle where Self == DefaultTabViewStyle { public static var automatic: DefaultTabViewStyle { .init() } }
extension View { public func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View { self } }

public protocol FormStyle: Sendable {}
public struct GroupedFormStyle: FormStyle { public init() {} }
extension FormStyle where Self == GroupedFormStyle { public static var grouped: GroupedFormStyle { .init() } }
public struct ColumnsFormStyle: FormStyle { public init() {} }
extension FormStyle where Self == ColumnsFormStyle { public static var columns: ColumnsFormStyle { .init() } }
public struct AutomaticFormStyle: FormStyle { public init() {} }
extension FormStyle where Self == AutomaticFormStyle { public static var automatic: AutomaticFormStyle { .init() } }
extension View { public func formStyle<S: FormStyle>(_ style: S) -> some View { self } }

extension TabViewStyle where Self == PageTabViewStyle { public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> PageTabViewStyle { .init() } }
extension PageTabViewStyle { public enum IndexDisplayMode: Sendable { case automatic, always, never } }
